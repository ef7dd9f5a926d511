import { createTrackingApi, usePositionsStore } from '@rastro/shared';
import type { Device, Position, TrackingApi } from '@rastro/shared';
import { useEffect } from 'react';
import { trackingHttp } from './clients';

const trackingApi = createTrackingApi(trackingHttp);

/**
 * The position ids of devices that name a last position (`positionId`) the page does not hold yet:
 * a device that arrived over the socket, or one the latest-positions answer left out. Ids already
 * asked for are skipped, so a position the server will not give is not asked for again and again.
 */
export function missingPositionIds(devices: readonly Device[], latestByDeviceId: Readonly<Record<number, Position>>, alreadyAsked: ReadonlySet<number>): number[] {
  const ids: number[] = [];
  for (const device of devices) {
    const positionId = device.positionId;
    if (positionId && !latestByDeviceId[device.id] && !alreadyAsked.has(positionId)) ids.push(positionId);
  }
  return ids;
}

/**
 * Fetches those positions into the shared store. The tracking client asks GET /positions?id=… in
 * batches of 500 ids (SPEC §7/§9), so 50,000 devices never make one enormous URL.
 */
export async function loadMissingPositions(devices: readonly Device[], asked: Set<number>, api: Pick<TrackingApi, 'positions'> = trackingApi): Promise<number> {
  const ids = missingPositionIds(devices, usePositionsStore.getState().latestByDeviceId, asked);
  if (ids.length === 0) return 0;
  for (const id of ids) asked.add(id);
  try {
    const positions = await api.positions.byIds(ids);
    usePositionsStore.getState().apply(positions);
    return positions.length;
  } catch (error) {
    // A failed call is asked again with the next change of the devices.
    for (const id of ids) asked.delete(id);
    throw error;
  }
}

// One page, one memory of what was asked: the list and the detail share it.
const askedThisPage = new Set<number>();

/** Completes the positions of the devices a screen shows, whenever those devices change. */
export function useMissingPositionsLoaded(devices: readonly Device[]): void {
  useEffect(() => {
    void loadMissingPositions(devices, askedThisPage).catch((error: unknown) => console.error('[rastro] positions could not be loaded', error));
  }, [devices]);
}
