import { geofenceSchema, groupSchema } from '@rastro/shared';
import type { Geofence, Group } from '@rastro/shared';
import { useEffect } from 'react';
import { z } from 'zod';
import { create } from 'zustand';
import { trackingHttp } from './clients';

// Declared once in @rastro/shared with the other list entities.
export { groupSchema };
export type { Group };

/** SPEC §3: an anchor is a geofence with isAnchor tied to a device. */
export function anchorOf(geofences: readonly Geofence[], deviceId: number): Geofence | undefined {
  return geofences.find((geofence) => isAnchorGeofence(geofence) && Number(geofence.attributes.deviceId) === deviceId);
}

export function isAnchorGeofence(geofence: Geofence): boolean {
  return geofence.attributes.isAnchor === true || geofence.attributes.isAnchor === 'true';
}

interface FleetDataState {
  groups: Group[];
  geofences: Geofence[];
  loaded: boolean;
  refreshGroups(): Promise<void>;
  refreshGeofences(): Promise<void>;
}

/** Groups and geofences the fleet screens read (group names, anchors), fetched once and on change. */
export const useFleetData = create<FleetDataState>()((set) => ({
  groups: [],
  geofences: [],
  loaded: false,
  refreshGroups: async () => set({ groups: z.array(groupSchema).parse(await trackingHttp.json('/groups')) }),
  refreshGeofences: async () => set({ geofences: z.array(geofenceSchema).parse(await trackingHttp.json('/geofences')) }),
}));

/** Loads groups and geofences the first time a fleet screen needs them. */
export function useFleetDataLoaded(): void {
  const loaded = useFleetData((state) => state.loaded);
  useEffect(() => {
    if (loaded) return;
    useFleetData.setState({ loaded: true });
    const { refreshGroups, refreshGeofences } = useFleetData.getState();
    void refreshGroups().catch((error: unknown) => console.error('[rastro] groups could not be loaded', error));
    void refreshGeofences().catch((error: unknown) => console.error('[rastro] geofences could not be loaded', error));
  }, [loaded]);
}
