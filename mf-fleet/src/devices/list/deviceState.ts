import type { Position } from '@rastro/shared';

/** SPEC §3 position attributes a row and the state sorts read. */
export interface DeviceState {
  moving: boolean;
  locked: boolean;
  /** null when the device does not report ignition. */
  ignition: boolean | null;
  driver: string | null;
  alarm: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : null);

export function deviceState(position: Position | undefined): DeviceState {
  const attributes = position?.attributes ?? {};
  return {
    moving: attributes.motion === true,
    locked: attributes.blocked === true,
    ignition: typeof attributes.ignition === 'boolean' ? attributes.ignition : null,
    driver: text(attributes.driverUniqueId),
    alarm: text(attributes.alarm),
  };
}
