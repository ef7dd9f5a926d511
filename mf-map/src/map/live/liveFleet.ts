import { useDevicesStore, usePositionsStore } from '@rastro/shared';
import type { Device, LngLat, Position } from '@rastro/shared';
import type { EngineGeoJsonSource, EngineMap } from '../engine';
import { fleetFeature, sameFleetFeature } from '../fleetFeatures';
import type { FleetFeature, StatusLabel } from '../fleetFeatures';
import { addFleetLayers, CLUSTER_MAX_ZOOM, FLEET_SOURCE, removeFleetLayers, TRAILS_SOURCE } from '../fleetLayers';
import type { MapLayers } from '../layers/mapLayers';
import { changedEntries } from './changedEntries';
import { createFrameLoop } from './frameLoop';
import { MarkerMotion } from './markerMotion';
import { gateRepaints } from './repaintGate';
import { Trails } from './trails';

/**
 * How long to wait between two source updates for a fleet this size. Each update re-indexes the
 * whole source in the engine's worker and makes the engine reload and repaint its tiles (in
 * software WebGL each repaint stalls the main thread on a read-back), so large fleets glide in
 * fewer, larger steps, and when no marker is gliding (zoomed out, or every change off screen)
 * their jumps are gathered for longer still: nobody sees the markers move in between.
 */
export function sourceUpdateInterval(markers: number, gliding: boolean): number {
  if (markers <= 1_000) return 0;
  return gliding ? Math.min(150, markers / 80) : Math.min(1_000, markers / 10);
}

/**
 * WCAG 2.3.3: a user who asked the system for less motion sees markers jump to their fixes. It also
 * spares a machine without a graphics card a source update per frame while markers glide.
 */
function reducedMotionQuery(): { readonly matches: boolean } {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : { matches: false };
}

export interface LiveFleet {
  setLayers(layers: MapLayers): void;
  follow(deviceId: number | null): void;
  setTrail(deviceId: number, on: boolean): void;
  /** Where a device is drawn right now, if it is on the map. */
  positionOf(deviceId: number): LngLat | undefined;
  /** Every drawn marker's place, for map fit. */
  positions(): LngLat[];
  /** Every drawn marker with its device. */
  markers(): Array<{ deviceId: number; lngLat: LngLat }>;
  readonly markerCount: number;
  stop(): void;
}

export interface LiveFleetOptions {
  engine: 'maplibre' | 'mapbox';
  layers: MapLayers;
  statusLabel: StatusLabel;
  /** Told after each source update, with the number of markers (for the counter and the benchmark). */
  onDrawn?: (markers: number) => void;
}

function lngLatOf(position: Position): LngLat {
  return [position.longitude, position.latitude];
}

/**
 * Keeps the fleet source in step with the stores. Store changes only wake a frame loop; each
 * frame finds what changed (by object identity), advances the 500 ms glides, and sends the engine
 * one update with just the markers drawn differently — so a burst of thousands of fixes costs one
 * update — once the previous update is on screen. On maplibre the map then draws one frame per
 * update instead of one per reloaded tile (repaintGate.ts).
 */
export function startLiveFleet(map: EngineMap, options: LiveFleetOptions): LiveFleet {
  let layers = options.layers;
  const features = new Map<number, FleetFeature>();
  const motion = new MarkerMotion();
  const reducedMotion = reducedMotionQuery();
  const trails = new Trails();
  const dirty = new Set<number>();
  const removed = new Set<number>();
  let previousDevices: Record<number, Device> = {};
  let previousPositions: Record<number, Position> = {};
  let rebuild = true;
  let trailsDirty = false;
  let followed: number | null = null;
  let lastFollowCenter: LngLat | null = null;
  /** The camera has yet to be brought to the followed device (zoomed in), not only kept on it. */
  let approaching = false;
  let lastPush = -Infinity;

  const source = () => map.getSource(FLEET_SOURCE) as EngineGeoJsonSource | undefined;

  // maplibre's frames per source update, cut to one (see repaintGate.ts); mapbox-gl draws as it does.
  const gate = options.engine === 'maplibre' ? gateRepaints(map) : null;

  function refreshFeature(device: Device, position: Position, coordinates: LngLat): void {
    const next = fleetFeature(device, position, coordinates, layers, options.statusLabel);
    // A change nobody can see (a device's last update, a stopped vehicle reporting) costs no update.
    const drawn = features.get(device.id);
    if (drawn && !rebuild && sameFleetFeature(drawn, next)) return;
    features.set(device.id, next);
    dirty.add(device.id);
  }

  function applyStoreChanges(now: number): void {
    const devices = useDevicesStore.getState().byId;
    const positions = usePositionsStore.getState().latestByDeviceId;
    const positionChanges = changedEntries(previousPositions, positions);
    const deviceChanges = changedEntries(previousDevices, devices);
    previousDevices = devices;
    previousPositions = positions;
    if (positionChanges.changed.length === 0 && deviceChanges.changed.length === 0 && deviceChanges.removed.length === 0 && !rebuild) return;

    // Gliding costs a source update per frame: worth it only where a user can see markers move.
    const zoomedIn = map.getZoom() > CLUSTER_MAX_ZOOM;
    const view = zoomedIn ? map.getBounds() : null;
    for (const id of positionChanges.changed) {
      const device = devices[id];
      const position = positions[id];
      if (!device || !position) continue;
      const to = lngLatOf(position);
      const drawn = motion.positionAt(id, now);
      const visible = view !== null && (view.contains(to) || (drawn !== undefined && view.contains(drawn)));
      motion.moveTo(id, to, now, visible && !reducedMotion.matches);
      refreshFeature(device, position, motion.positionAt(id, now) ?? to);
      if (trails.extend(id, to)) trailsDirty = true;
    }
    for (const id of deviceChanges.changed) {
      const position = positions[id];
      if (position) refreshFeature(devices[id]!, position, motion.positionAt(id, now) ?? lngLatOf(position));
    }
    // Fixes of devices the user no longer has (or that were soft-deleted) leave the map too.
    for (const id of deviceChanges.removed) {
      features.delete(id);
      motion.forget(id);
      if (trails.stop(id)) trailsDirty = true;
      dirty.delete(id);
      removed.add(id);
    }
  }

  function push(now: number, gliding: boolean): boolean {
    if (dirty.size === 0 && removed.size === 0 && !rebuild) return false;
    if (!rebuild && now - lastPush < sourceUpdateInterval(features.size, gliding)) return true;
    // The last update is not on screen yet: this one waits for it, merged with what comes meanwhile.
    if (gate?.holding(FLEET_SOURCE)) return true;
    const target = source();
    if (!target) return false;
    gate?.hold(FLEET_SOURCE);
    // maplibre takes a diff (only changed markers cross to the worker); mapbox-gl takes the whole set.
    if (!rebuild && options.engine === 'maplibre' && target.updateData) {
      target.updateData({ add: [...dirty].map((id) => features.get(id)), remove: [...removed] });
    } else {
      target.setData({ type: 'FeatureCollection', features: [...features.values()] });
    }
    rebuild = false;
    dirty.clear();
    removed.clear();
    lastPush = now;
    options.onDrawn?.(features.size);
    return false;
  }

  function followCamera(now: number): void {
    if (followed === null) return;
    const center = motion.positionAt(followed, now);
    if (!center || (lastFollowCenter && center[0] === lastFollowCenter[0] && center[1] === lastFollowCenter[1])) return;
    lastFollowCenter = center;
    if (approaching) map.easeTo({ center, zoom: Math.max(map.getZoom(), CLUSTER_MAX_ZOOM + 4), duration: 300 });
    else map.jumpTo({ center });
    approaching = false;
  }

  function pushTrails(): void {
    if (!trailsDirty) return;
    trailsDirty = false;
    const target = map.getSource(TRAILS_SOURCE) as EngineGeoJsonSource | undefined;
    if (!target) return;
    gate?.hold(TRAILS_SOURCE);
    target.setData({ type: 'FeatureCollection', features: trails.features() });
  }

  const loop = createFrameLoop((now) => {
    applyStoreChanges(now);
    const moved = motion.advance(now);
    for (const [id, coordinates] of moved) {
      const feature = features.get(id);
      if (!feature) continue;
      feature.geometry.coordinates = coordinates;
      dirty.add(id);
    }
    // A glide's last step (its marker arriving) still counts as gliding, so it is not held back.
    const waiting = push(now, moved.length > 0);
    followCamera(now);
    pushTrails();
    return waiting || motion.gliding > 0;
  });

  addFleetLayers(map, { type: 'FeatureCollection', features: [] }, layers.groups);
  const unsubscribers = [usePositionsStore.subscribe(loop.wake), useDevicesStore.subscribe(loop.wake)];
  loop.wake();

  function rebuildAll(): void {
    // Clear the snapshots so the next frame treats every device as changed, with the new layers.
    previousDevices = {};
    previousPositions = {};
    rebuild = true;
    loop.wake();
  }

  return {
    setLayers(next) {
      const regroup = next.groups !== layers.groups;
      layers = next;
      if (regroup) {
        removeFleetLayers(map);
        addFleetLayers(map, { type: 'FeatureCollection', features: [...features.values()] }, next.groups);
      }
      rebuildAll();
    },
    follow(deviceId) {
      followed = deviceId;
      lastFollowCenter = null;
      // The next frame brings the camera there, or the first one that knows where the device is:
      // a follow asked for before the fleet has loaded is kept, not lost.
      approaching = deviceId !== null;
      loop.wake();
    },
    setTrail(deviceId, on) {
      if (on) {
        const position = usePositionsStore.getState().latestByDeviceId[deviceId];
        trails.start(deviceId, position ? lngLatOf(position) : undefined);
      } else trails.stop(deviceId);
      trailsDirty = true;
      loop.wake();
    },
    positionOf: (deviceId) => motion.positionAt(deviceId, performance.now()),
    positions: () => [...features.values()].map((feature) => feature.geometry.coordinates),
    markers: () => [...features.values()].map((feature) => ({ deviceId: feature.id, lngLat: feature.geometry.coordinates })),
    get markerCount() {
      return features.size;
    },
    stop() {
      loop.stop();
      gate?.stop();
      unsubscribers.forEach((unsubscribe) => unsubscribe());
    },
  };
}
