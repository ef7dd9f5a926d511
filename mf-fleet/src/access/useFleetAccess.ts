import { refreshLicence, useDevicesStore, useLicenceStore, useServerStore, useSessionStore } from '@rastro/shared';
import { useEffect, useMemo } from 'react';
import { trackingHttp } from '../api/clients';
import { deviceLimitReason, fleetAccess } from './fleetAccess';
import type { DeviceLimitReason, FleetAccess } from './fleetAccess';

/** The licence headers, asked once per page if no area has asked yet. */
export function useLicence() {
  const licence = useLicenceStore((state) => state.licence);
  useEffect(() => {
    if (!licence) void refreshLicence(trackingHttp).catch(() => undefined);
  }, [licence]);
  return licence;
}

export function useFleetAccess(): FleetAccess | null {
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  const licence = useLicence();
  return useMemo(() => (user ? fleetAccess({ user, server, licence }) : null), [user, server, licence]);
}

// Counting 50,000 keys allocates an array of them: done once per version of the devices, not on
// every render of the list (a scroll frame re-renders it).
const deviceCounts = new WeakMap<object, number>();
function deviceCountOf(byId: Record<number, unknown>): number {
  let count = deviceCounts.get(byId);
  if (count === undefined) {
    count = Object.keys(byId).length;
    deviceCounts.set(byId, count);
  }
  return count;
}

/** The SPEC §5 device limit the user has reached, or null. */
export function useDeviceLimitReason(): DeviceLimitReason | null {
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  const licence = useLicence();
  const deviceCount = useDevicesStore((state) => deviceCountOf(state.byId));
  return user ? deviceLimitReason({ deviceCount, licence, server, user }) : null;
}

export function useDeviceLimitReached(): boolean {
  return useDeviceLimitReason() !== null;
}
