import { askSource } from '../engine';
import type { EngineGeoJsonSource, EngineMap } from '../engine';
import { CLUSTERS_LAYER, FLEET_SOURCE } from '../fleetLayers';
import type { ClusterContents } from './ClusterList';

/** How often a cluster is read again from the screen before its list is given up. */
const ATTEMPTS = 3;
/** The longest wait for the fleet's tiles to catch up with the engine's worker. */
const CATCH_UP_MS = 1_000;

/**
 * The cluster drawn at `point` and the devices in it (at most `limit`). The engine's worker takes
 * each fleet update at once, while the screen shows the clusters of the one before until their
 * tiles come back: a cluster clicked in between carries an id the worker no longer knows, or one
 * that now names a cluster of another size. The cluster is then read again from the screen once
 * the fleet's tiles have caught up. Null when no cluster is drawn there.
 */
export async function clusterAt(map: EngineMap, point: { x: number; y: number }, limit: number): Promise<ClusterContents | null> {
  for (let attempt = 1; ; attempt += 1) {
    const feature = map.queryRenderedFeatures([point.x, point.y], { layers: [CLUSTERS_LAYER] })[0];
    const clusterId = feature?.properties?.cluster_id;
    const count = feature?.properties?.point_count;
    const center = feature?.geometry.coordinates as [number, number] | undefined;
    const source = map.getSource(FLEET_SOURCE) as EngineGeoJsonSource | undefined;
    if (typeof clusterId !== 'number' || typeof count !== 'number' || !center || !source) return null;
    const leaves = await askSource<Array<{ properties: Record<string, unknown> | null }>>((done) => source.getClusterLeaves(clusterId, limit, 0, done)).catch((error: unknown) => {
      if (attempt === ATTEMPTS) throw error;
      return null;
    });
    if (leaves && (leaves.length === Math.min(count, limit) || attempt === ATTEMPTS)) {
      return { clusterId, center, count, deviceIds: leaves.map((leaf) => Number(leaf.properties?.deviceId)).filter(Number.isFinite) };
    }
    await fleetTilesCaughtUp(map);
  }
}

/** Resolves when a tile of the fleet arrives and the fleet is loaded again, or after CATCH_UP_MS. */
function fleetTilesCaughtUp(map: EngineMap): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      map.off('sourcedata', onData);
      resolve();
    };
    const onData = (event: unknown) => {
      const { sourceId, isSourceLoaded } = (event ?? {}) as { sourceId?: string; isSourceLoaded?: boolean };
      if (sourceId === FLEET_SOURCE && isSourceLoaded) done();
    };
    const timer = setTimeout(done, CATCH_UP_MS);
    map.on('sourcedata', onData);
  });
}
