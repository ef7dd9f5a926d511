import { bus, createTrackingApi, geofenceSchema, useRouterBridge } from '@rastro/shared';
import type { Geofence, HttpClient, LngLat, RastroEvents } from '@rastro/shared';
import { z } from 'zod';
import { askSource } from './engine';
import type { EngineGeoJsonSource, EngineMap, EngineMouseEvent } from './engine';
import { boundsOf } from './fleetFeatures';
import type { StatusLabel } from './fleetFeatures';
import { addTrailLayers, CLUSTERS_LAYER, drawMarkerImagesOnDemand, FLEET_SOURCE, MARKERS_LAYER } from './fleetLayers';
import { geofenceFeatures } from './geofences/geofenceFeatures';
import { startGeofenceEditing } from './geofences/geofenceEditing';
import { addGeofenceLayers, setGeofencesVisible, showGeofences } from './geofences/geofenceLayers';
import { addSelectedGeofenceLayer, showSelectedGeofence } from './geofences/geofenceSelection';
import type { ClusterContents } from './layers/ClusterList';
import { clusterAt } from './layers/clusterAt';
import type { MapLayers } from './layers/mapLayers';
import { startLiveFleet } from './live/liveFleet';
import type { LiveFleet } from './live/liveFleet';
import { sharedCamera } from './share/sharedCamera';
import type { ShownRoute } from './route/shownRoute';
import { addRouteLayers, showPlaybackPoints, showRouteFeatures, warmUpRouteLayers } from './route/routeLayers';

/** A cluster's list shows this many names; the rest are counted. */
const CLUSTER_LIST_LIMIT = 50;
/** A task of route simplifying stops once this long has passed; it may overrun by one piece (see drawRoute). */
const ROUTE_SLICE_MS = 40;

export interface MapSessionOptions {
  engine: 'maplibre' | 'mapbox';
  layers: MapLayers;
  /** SPEC §9: map fit never zooms in past web.selectZoom. */
  selectZoom: number;
  statusLabel: StatusLabel;
  /** A shared-link user: the camera keeps every shared device in view (SPEC §6). */
  shared: boolean;
  /**
   * Who is followed and who has a trail already: chosen on the device's card before the map had
   * loaded, or on the map this one replaces (a new base engine or server settings start it over).
   */
  followed: number | null;
  trails: ReadonlySet<number>;
  onMarkers(count: number): void;
  onCluster(cluster: ClusterContents | null): void;
  /** Where the camera is and what is drawn, written onto the map element for tests and tools. */
  onView(view: { center: [number, number]; zoom: number; geofences: number }): void;
  http?: HttpClient;
}

export interface MapSession {
  setLayers(layers: MapLayers): void;
  zoomIntoCluster(cluster: ClusterContents): void;
  focusDevice(deviceId: number): void;
  /** Draws a route (null clears it), frames its fixes, and draws it again simplified for each zoom. */
  showRoute(route: ShownRoute | null): void;
  /** Puts the playback markers (one per device of the route) here; none hides them. */
  showPlaybackPoints(lngLats: LngLat[]): void;
  /** Gets the route layers ready to draw a route soon (see warmUpRouteLayers). */
  warmUpRoute(): void;
  stop(): void;
}

/** Everything the live map does once its engine has loaded: layers, live fleet, geofences, bus wiring. */
export function startMapSession(map: EngineMap, options: MapSessionOptions): MapSession {
  const http = options.http ?? createTrackingApi().http;
  let layers = options.layers;
  let stopped = false;
  let fitted = false;
  let shareFollowTimer: ReturnType<typeof setInterval> | undefined;
  let pendingFocus: number | null = null;
  let geofenceCount = 0;
  let route: ShownRoute | null = null;
  /** The whole zoom the route was last drawn (or is being simplified) for: a route is simplified per whole zoom level. */
  let routeZoom: number | null = null;
  let routeSlice: ReturnType<typeof setTimeout> | undefined;
  const drawRoute = () => {
    const zoom = Math.round(map.getZoom());
    if (route && zoom === routeZoom) return;
    clearTimeout(routeSlice);
    routeZoom = route ? zoom : null;
    const shown = route;
    if (!shown) return showRouteFeatures(map, null);
    // A month of fixes takes longer than a frame to simplify for a new zoom: the work is shared
    // out in slices, and the line of the zoom before stays on the map until it is done.
    const slice = () => {
      if (stopped || route !== shown || routeZoom !== zoom) return;
      if (shown.prepare(zoom, performance.now() + ROUTE_SLICE_MS)) showRouteFeatures(map, shown.featuresAt(zoom));
      else routeSlice = setTimeout(slice, 0);
    };
    slice();
  };
  const reportView = () => {
    const { lng, lat } = map.getCenter();
    options.onView({ center: [lng, lat], zoom: map.getZoom(), geofences: geofenceCount });
  };

  drawMarkerImagesOnDemand(map);
  addGeofenceLayers(map);
  addSelectedGeofenceLayer(map);
  addTrailLayers(map);
  setGeofencesVisible(map, layers.geofences);

  const fitFleet = () => {
    const bounds = boundsOf(fleet.positions());
    if (bounds) map.fitBounds(bounds, { padding: 48, maxZoom: options.selectZoom, duration: 0 });
    return bounds !== null;
  };
  const fleet: LiveFleet = startLiveFleet(map, {
    engine: options.engine,
    layers,
    statusLabel: options.statusLabel,
    onDrawn: (count) => {
      options.onMarkers(count);
      // The first time there is a fleet, frame it.
      if (!fitted && count > 0) fitted = fitFleet();
      if (pendingFocus !== null) focus(pendingFocus);
    },
  });

  if (options.followed !== null) fleet.follow(options.followed);
  for (const deviceId of options.trails) fleet.setTrail(deviceId, true);

  // Above the fleet: a route is shown because the user asked for it.
  addRouteLayers(map);

  const loadGeofences = () =>
    http.json('/geofences').then(
      (answer) => {
        if (stopped) return;
        const shapes = geofenceFeatures(z.array(geofenceSchema).parse(answer));
        geofenceCount = shapes.features.length;
        showGeofences(map, shapes);
        reportView();
      },
      (error: unknown) => console.error('[rastro] geofences could not be loaded', error),
    );
  void loadGeofences();
  const editing = startGeofenceEditing(map, http, (saved: Geofence) => {
    if (!stopped && saved) void loadGeofences();
  });

  const onMarkerClick = (event: EngineMouseEvent) => {
    const deviceId = event.features?.[0]?.properties?.deviceId;
    // While a geofence is drawn, a click on a marker is a point of the geofence.
    if (typeof deviceId !== 'number' || editing.active()) return;
    bus.emit('device:selected', deviceId);
    useRouterBridge.getState().navigate(`/devices/${deviceId}`);
  };
  const onClusterClick = (event: EngineMouseEvent) => {
    // As with a marker: while a geofence is drawn, a click on a cluster is a point of the geofence
    // (its list would open over the map and take the next point's click).
    if (editing.active()) return;
    clusterAt(map, event.point, CLUSTER_LIST_LIMIT).then(
      (cluster) => cluster && !stopped && options.onCluster(cluster),
      (error: unknown) => console.error('[rastro] cluster contents unavailable', error),
    );
  };
  const pointer = (cursor: string) => () => (map.getCanvas().style.cursor = cursor);
  map.on('click', MARKERS_LAYER, onMarkerClick);
  map.on('click', CLUSTERS_LAYER, onClusterClick);
  for (const layer of [MARKERS_LAYER, CLUSTERS_LAYER]) {
    map.on('mouseenter', layer, pointer('pointer'));
    map.on('mouseleave', layer, pointer(''));
  }

  const onFollow: RastroEvents['device:followChanged'] = (deviceId) => fleet.follow(deviceId);
  const onTrail: RastroEvents['device:trailChanged'] = ({ deviceId, on }) => fleet.setTrail(deviceId, on);
  // Anchors and other screens change geofences too.
  const reloadGeofences = () => void loadGeofences();
  bus.on('geofences:changed', reloadGeofences);
  const onGeofenceSelected: RastroEvents['geofence:selected'] = (geofence) => showSelectedGeofence(map, geofence, options.selectZoom);
  bus.on('geofence:selected', onGeofenceSelected);
  bus.on('device:followChanged', onFollow);
  bus.on('device:trailChanged', onTrail);

  map.on('moveend', reportView);
  map.on('zoomend', drawRoute);
  function focus(deviceId: number) {
    const center = fleet.positionOf(deviceId);
    pendingFocus = center ? null : deviceId;
    if (center) map.easeTo({ center, zoom: Math.max(map.getZoom(), options.selectZoom), duration: 300 });
  }

  let sharedFollowed: number | null = null;
  const keepSharedInView = () => {
    const view = map.getBounds();
    const camera = sharedCamera(fleet.markers(), (lngLat) => view.contains(lngLat));
    if (camera && 'follow' in camera) {
      // Through the bus, like a user's follow: the map's follow state and its marker show it.
      if (sharedFollowed !== camera.follow) bus.emit('device:followChanged', (sharedFollowed = camera.follow));
    } else if (camera) map.fitBounds(camera.fit, { padding: 48, maxZoom: options.selectZoom, duration: 500 });
  };
  if (options.shared) {
    // SPEC §6 shared map: the link's devices stay in view as they move.
    keepSharedInView();
    shareFollowTimer = setInterval(keepSharedInView, 2_000);
  }

  return {
    setLayers(next) {
      layers = next;
      fleet.setLayers(next);
      setGeofencesVisible(map, next.geofences);
    },
    zoomIntoCluster({ clusterId, center }) {
      const source = map.getSource(FLEET_SOURCE) as EngineGeoJsonSource | undefined;
      if (!source) return;
      askSource<number>((done) => source.getClusterExpansionZoom(clusterId, done)).then(
        (zoom) => map.easeTo({ zoom, center }),
        () => map.easeTo({ zoom: map.getZoom() + 2, center }),
      );
    },
    focusDevice: focus,
    showRoute(shown) {
      route = shown;
      routeZoom = null;
      const bounds = shown ? boundsOf(shown.points) : null;
      if (bounds) map.fitBounds(bounds, { padding: 64, maxZoom: options.selectZoom, duration: 0 });
      drawRoute();
    },
    showPlaybackPoints: (lngLats) => showPlaybackPoints(map, lngLats),
    warmUpRoute: () => warmUpRouteLayers(map),
    stop() {
      stopped = true;
      clearInterval(shareFollowTimer);
      clearTimeout(routeSlice);
      bus.off('geofences:changed', reloadGeofences);
      bus.off('geofence:selected', onGeofenceSelected);
      bus.off('device:followChanged', onFollow);
      bus.off('device:trailChanged', onTrail);
      editing.stop();
      fleet.stop();
    },
  };
}
