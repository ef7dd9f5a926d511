import { create } from 'zustand';
import type { Device } from '../contract/traccar';

/**
 * SPEC §3: a uniqueId of three dash-separated parts starting with "deleted" marks a device removed
 * in safe mode; it is hidden everywhere, so the store never holds one.
 */
export function isSoftDeleted(device: Pick<Device, 'uniqueId'>): boolean {
  const parts = device.uniqueId.split('-');
  return parts.length === 3 && parts[0] === 'deleted';
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
