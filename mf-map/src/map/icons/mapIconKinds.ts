/** SPEC §3: the map icon kinds a device category can name. */
export const mapIconKinds = [
  'default',
  'arrow',
  'person',
  'animal',
  'bicycle',
  'motorcycle',
  'scooter',
  'car',
  'pickup',
  'van',
  'truck',
  'truck1',
  'truck2',
  'tractor',
  'boat',
  'ship',
  'bus',
  'train',
  'trolleybus',
  'tram',
  'crane',
  'plane',
  'helicopter',
  'offroad',
] as const;
export type MapIconKind = (typeof mapIconKinds)[number];

const knownKinds = new Set<string>(mapIconKinds);

/** The icon kind of a device category; anything unknown (or no category) is the default marker. */
export function mapIconKindOf(category: string | null | undefined): MapIconKind {
  const normalized = (category ?? '').trim().toLowerCase();
  return knownKinds.has(normalized) ? (normalized as MapIconKind) : 'default';
}

/**
 * Kinds drawn seen from above, nose up, so turning the icon by the course shows where it heads.
 * A person, an animal and the default pin have no front worth turning.
 */
const kindsWithoutHeading = new Set<MapIconKind>(['default', 'person', 'animal']);

export function hasHeading(kind: MapIconKind): boolean {
  return !kindsWithoutHeading.has(kind);
}
