import { create } from 'zustand';
import { isSoftDeletedUniqueId } from '../contract/soft-delete';
import type { Device } from '../contract/traccar';

/**
 * SPEC §3: a device removed in safe mode (see ../contract/soft-delete.ts) is hidden everywhere,
 * so the store never holds one. The gateway applies the same rule to what it relays.
 */
export function isSoftDeleted(device: Pick<Device, 'uniqueId'>): boolean {
  return isSoftDeletedUniqueId(device.uniqueId);
}

export interface DevicesState {
  byId: Record<number, Device>;
  replaceAll(devices: Device[]): void;
  upsert(devices: Device[]): void;
  clear(): void;
}

export const useDevicesStore = create<DevicesState>()((set) => ({
  byId: {},
  replaceAll: (devices) => set({ byId: Object.fromEntries(devices.filter((d) => !isSoftDeleted(d)).map((d) => [d.id, d])) }),
  upsert: (devices) =>
    set((state) => {
      const byId = { ...state.byId };
      for (const device of devices) {
        if (isSoftDeleted(device)) delete byId[device.id];
        else byId[device.id] = device;
      }
      return { byId };
    }),
  clear: () => set({ byId: {} }),
}));
