import type { EngineMap } from '../engine';
import { CLUSTERS_LAYER, FLEET_SOURCE } from '../fleetLayers';
import { clusterAt } from './clusterAt';

/**
 * A map whose screen shows one cluster after another (`drawn`, one per read), and whose worker
 * knows only the clusters in `known`; each read after the first comes once the fleet's tiles are in.
 */
function mapWith(drawn: Array<{ clusterId: number; count: number }>, known: Record<number, number[]>) {
  const listeners = new Set<(event: unknown) => void>();
  const reads: Array<{ point: unknown; layers?: string[] }> = [];
  const map = {
    queryRenderedFeatures: (point: unknown, options?: { layers?: string[] }) => {
      reads.push({ point, layers: options?.layers });
      const cluster = drawn[Math.min(reads.length, drawn.length) - 1];
      return cluster ? [{ properties: { cluster_id: cluster.clusterId, point_count: cluster.count }, geometry: { type: 'Point', coordinates: [-44.5, -22.5] } }] : [];
    },
    getSource: (id: string) =>
      id === FLEET_SOURCE && {
        getClusterLeaves: (clusterId: number, _limit: number, _offset: number, done: (error: unknown, leaves?: unknown[]) => void) => {
          // The tiles of the update the worker already has arrive on screen next.
          setTimeout(() => listeners.forEach((listener) => listener({ sourceId: FLEET_SOURCE, isSourceLoaded: true })), 0);
          const devices = known[clusterId];
          if (!devices) return done(new Error('No cluster with the specified id.'));
          done(null, devices.map((deviceId) => ({ properties: { deviceId } })));
        },
      },
    on: (_event: string, listener: (event: unknown) => void) => listeners.add(listener),
    off: (_event: string, listener: (event: unknown) => void) => listeners.delete(listener),
  };
  return { map: map as unknown as EngineMap, reads };
}

describe('the cluster under a click', () => {
  it('names the devices of the cluster drawn where the user clicked', async () => {
    const { map, reads } = mapWith([{ clusterId: 7, count: 3 }], { 7: [11, 12, 13] });
    await expect(clusterAt(map, { x: 40, y: 60 }, 50)).resolves.toEqual({ clusterId: 7, center: [-44.5, -22.5], count: 3, deviceIds: [11, 12, 13] });
    expect(reads).toEqual([{ point: [40, 60], layers: [CLUSTERS_LAYER] }]);
  });

  it('reads the cluster again once the fleet tiles catch up, when the click fell on clusters of the update before', async () => {
    const { map, reads } = mapWith(
      [
        { clusterId: 5, count: 3 },
        { clusterId: 9, count: 3 },
      ],
      { 9: [21, 22, 23] },
    );
    await expect(clusterAt(map, { x: 40, y: 60 }, 50)).resolves.toMatchObject({ clusterId: 9, deviceIds: [21, 22, 23] });
    expect(reads).toHaveLength(2);
  });

  it('does not list a cluster of another size that a stale id now names', async () => {
    const { map } = mapWith(
      [
        { clusterId: 5, count: 3 },
        { clusterId: 6, count: 3 },
      ],
      { 5: [1, 2, 3, 4, 5, 6, 7], 6: [31, 32, 33] },
    );
    await expect(clusterAt(map, { x: 40, y: 60 }, 50)).resolves.toMatchObject({ clusterId: 6, deviceIds: [31, 32, 33] });
  });

  it('gives up with the engine’s error after a few reads, and finds nothing where no cluster is drawn', async () => {
    jest.useFakeTimers();
    try {
      const { map } = mapWith([{ clusterId: 5, count: 3 }], {});
      const asked = clusterAt(map, { x: 40, y: 60 }, 50);
      const failed = expect(asked).rejects.toThrow('No cluster with the specified id.');
      await jest.advanceTimersByTimeAsync(5_000);
      await failed;
    } finally {
      jest.useRealTimers();
    }
    await expect(clusterAt(mapWith([], {}).map, { x: 1, y: 1 }, 50)).resolves.toBeNull();
  });
});
