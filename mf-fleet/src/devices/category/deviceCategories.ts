/** SPEC §3 map icon kinds, offered as the device category. */
export const deviceCategories = [
  'default', 'arrow', 'person', 'animal', 'bicycle', 'motorcycle', 'scooter', 'car', 'pickup', 'van', 'truck', 'truck1', 'truck2',
  'tractor', 'boat', 'ship', 'bus', 'train', 'trolleybus', 'tram', 'crane', 'plane', 'helicopter', 'offroad',
] as const;
export type DeviceCategory = (typeof deviceCategories)[number];

export function isDeviceCategory(value: unknown): value is DeviceCategory {
  return typeof value === 'string' && (deviceCategories as readonly string[]).includes(value);
}
