import { create } from 'zustand';
import type { Position } from '../contract/traccar';

export interface PositionsState {
  /** The latest known fix of each device, by device id. */
  latestByDeviceId: Record<number, Position>;
  apply(positions: Position[]): void;
  clear(): void;
}

function isNewer(candidate: Position, current: Position | undefined): boolean {
  if (!current) return true;
  if (!candidate.fixTime || !current.fixTime) return candidate.id >= current.id;
  return Date.parse(candidate.fixTime) >= Date.parse(current.fixTime);
}

export const usePositionsStore = create<PositionsState>()((set) => ({
  latestByDeviceId: {},
  // One state change per batch, so a burst of thousands of fixes costs subscribers one update.
  apply: (positions) =>
    set((state) => {
      const latestByDeviceId = { ...state.latestByDeviceId };
      for (const position of positions) {
        // Late, out-of-order fixes must not pull a marker back.
        if (isNewer(position, latestByDeviceId[position.deviceId])) latestByDeviceId[position.deviceId] = position;
      }
      return { latestByDeviceId };
    }),
  clear: () => set({ latestByDeviceId: {} }),
}));
