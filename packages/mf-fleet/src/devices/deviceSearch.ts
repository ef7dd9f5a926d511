import type { Device } from '@rastro/shared';

/** Free-text search over a device's fields and attribute values (SPEC §4), case- and accent-insensitive. */
export function matchesQuery(device: Device, query: string): boolean {
  const needle = normalize(query.trim());
  if (!needle) return true;
  const haystack = [device.name, device.uniqueId, device.phone, device.model, device.contact, device.category, ...Object.values(device.attributes)]
    .filter((value) => value !== null && value !== undefined)
    .map((value) => normalize(String(value)));
  return haystack.some((text) => text.includes(needle));
}

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** SPEC §4 default order: name ascending, in the reader's language. */
export function sortByName(devices: Device[], language: string): Device[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return [...devices].sort((a, b) => collator.compare(a.name, b.name));
}
