import { Box, bus, convertSpeed, eventName, Flex, i18n, readPreference, Text, useMapViewStore, useRouterBridge, useServerStore, useSessionStore } from '@rastro/shared';
import { availableBaseMaps, mapKeysOf } from '@rastro/shared/base-maps';
import type { Device, Position, RouteDisplay } from '@rastro/shared';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMapCatalogs } from '../locales/catalog';
import { chooseEngine, createEngineMap } from './engine';
import type { EngineMap } from './engine';
import type { MarkerState } from './icons/markerState';
import { GeofenceDrawControl } from './geofences/GeofenceDrawControl';
import { ClusterList } from './layers/ClusterList';
import type { ClusterContents } from './layers/ClusterList';
import { LayerToggle } from './layers/LayerToggle';
import { loadMapLayers, saveBaseMapChoice, saveMapLayers } from './layers/mapLayers';
import type { MapLayers } from './layers/mapLayers';
import { startMapSession } from './mapSession';
import { selectZoomOf } from './selectZoom';
import type { MapSession } from './mapSession';
import { applyBaseStyle, chooseBaseMap, loadBaseStyle, offlineStyle } from './baseMap';
import { watchBaseMap } from './baseMapFallback';
import type { BaseMapWatch } from './baseMapFallback';
import { exposeBusForTools, exposeMapForTools } from './exposeBus';
import { RoutePlayback } from './route/RoutePlayback';
import { shownRoute } from './route/shownRoute';
import type { PlaybackPoint } from './route/routeTimeline';
import { StreetViewPanel, useStreetViewRequest } from './streetView/StreetViewPanel';
import { SelectedDevice, useFollowAndTrails } from './SelectedDevice';

registerMapCatalogs();
exposeBusForTools();

/** The status layer's line: the speed while moving, the state otherwise, in the current language. */
function statusLabel(_device: Device, position: Position, state: MarkerState): string {
  return state === 'moving' ? i18n.t('map.speed', { value: Math.round(convertSpeed(position.speed, 'kmh')) }) : i18n.t(`map.state.${state}`);
}

const SAO_PAULO: [number, number] = [-46.6333, -23.5505];
/** A base map's style document (or tile session) that has not arrived by then is given up for the offline style. */
const STYLE_TIMEOUT_MS = 10_000;

/** SPEC §2: /devices/{deviceId} opens a device; the map shows and centres it. */
function deviceIdInPath(pathname: string): number | null {
  const match = /^\/devices\/(\d+)/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** The live map: every device the user sees, moving as the socket delivers fixes. */
export function MapArea() {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const sessionRef = useRef<MapSession | null>(null);
  const serverStatus = useServerStore((state) => state.status);
  const server = useServerStore((state) => state.server);
  const config = useServerStore((state) => state.config);
  // The providers' keys of the server settings; a Mapbox token (the configuration's first) makes the engine mapbox-gl.
  const mapKeys = useMemo(() => mapKeysOf(server, config?.mapboxToken), [server, config?.mapboxToken]);
  const mapboxToken = mapKeys.mapboxAccessToken ?? null;
  const engine = chooseEngine(mapboxToken);
  const offered = useMemo(() => availableBaseMaps(mapKeys, { mapUrl: server?.mapUrl, mapStyleUrl: config?.mapStyleUrl }), [mapKeys, server?.mapUrl, config?.mapStyleUrl]);
  const [picked, setPicked] = useState(() => readPreference('mapPref')?.baseMap);
  const baseMap = chooseBaseMap(offered, { picked, serverMap: server?.map, defaultBaseMap: config?.defaultBaseMap });
  const baseMapKey = `${baseMap.id} ${baseMap.urls.join(' ')}`;
  const mapRef = useRef<EngineMap | null>(null);
  const watchRef = useRef<BaseMapWatch>(watchBaseMap([]));
  const user = useSessionStore((state) => state.user);
  const shared = user?.attributes.isShared === true;
  const canDraw = Boolean(user && !user.readonly && !shared);
  const [layers, setLayers] = useState<MapLayers>(loadMapLayers);
  const layersRef = useRef(layers);
  const [shown, setShown] = useState(0);
  const [cluster, setCluster] = useState<ClusterContents | null>(null);
  const [failed, setFailed] = useState(false);
  const [baseMapOffline, setBaseMapOffline] = useState(false);
  const [sessionStarted, setSessionStarted] = useState(false);
  const pathname = useRouterBridge((state) => state.pathname);
  const [selected, setSelected] = useState<number | null>(null);
  const { followed, trails, latest: followAndTrails } = useFollowAndTrails();
  const ready = serverStatus !== 'loading';
  const routeDevice = deviceIdInPath(pathname);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const shownDevice = selected ?? (routeDevice !== dismissed ? routeDevice : null);
  // Each route asked for is a new one, even with the same fixes: its playback starts over.
  const [route, setRoute] = useState<{ display: RouteDisplay; version: number } | null>(null);
  const [streetViewPlace, closeStreetView] = useStreetViewRequest();
  const language = i18n.language;
  const routeOnMap = useMemo(
    () =>
      route &&
      shownRoute(route.display, {
        start: t('map.route.start'),
        end: t('map.route.end'),
        stop: t('map.route.stop'),
        // Event and alarm names live in the shared catalogs.
        event: eventName,
      }),
    // The labels are drawn on the map: draw them again in a new language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [route, language],
  );

  // Reports and history ask for a route over the bus; null (or the panel's clear) takes it away.
  useEffect(() => {
    let version = 0;
    const onRoute = (display: RouteDisplay | null) => setRoute(display ? { display, version: ++version } : null);
    bus.on('route:shown', onRoute);
    return () => void bus.off('route:shown', onRoute);
  }, []);
  // A screen that draws routes opened (perhaps before this map had started): the route's GPU programs
  // are built now, not in the frame that first shows a route.
  const [routeExpected, setRouteExpected] = useState(false);
  useEffect(() => {
    const onExpected = () => setRouteExpected(true);
    bus.on('route:expected', onExpected);
    return () => void bus.off('route:expected', onExpected);
  }, []);
  useEffect(() => {
    if (routeExpected && sessionStarted) sessionRef.current?.warmUpRoute();
  }, [routeExpected, sessionStarted]);
  useEffect(() => {
    if (!sessionStarted) return;
    sessionRef.current?.showRoute(routeOnMap);
    // Read by the e2e tests: how many fixes the route has (every one, though lines are drawn simplified) and of how many devices.
    if (containerRef.current) {
      containerRef.current.dataset.route = String(routeOnMap?.points.length ?? '');
      containerRef.current.dataset.routeTracks = String(routeOnMap?.play.tracks.length ?? '');
    }
  }, [routeOnMap, sessionStarted]);
  const showPlaybackPoints = useCallback((points: PlaybackPoint[]) => {
    sessionRef.current?.showPlaybackPoints(points.map((point) => point.lngLat));
    // A report's chart draws its cursor at the same moment (one clock for every device).
    bus.emit('route:cursor', points[0]?.time ?? null);
    if (containerRef.current) containerRef.current.dataset.playback = points.map((point) => point.lngLat.map((value) => value.toFixed(6)).join(',')).join(';');
  }, []);

  // A device chosen anywhere (list, marker, address) is centred and gets its card.
  useEffect(() => {
    const onSelected = (deviceId: number | null) => {
      setSelected(deviceId);
      if (deviceId !== null) sessionRef.current?.focusDevice(deviceId);
    };
    bus.on('device:selected', onSelected);
    return () => void bus.off('device:selected', onSelected);
  }, []);
  useEffect(() => {
    if (routeDevice !== null && sessionStarted) sessionRef.current?.focusDevice(routeDevice);
  }, [routeDevice, sessionStarted]);


  // Given up for good (see baseMapFallback.ts): the offline background under the fleet, and a notice.
  const fallBackToOffline = useCallback(
    (map: EngineMap) => {
    watchRef.current = watchBaseMap([]);
    applyBaseStyle(map, offlineStyle(engine));
    if (containerRef.current) containerRef.current.dataset.baseMap = 'offline';
    setBaseMapOffline(true);
    },
    [engine],
  );

  useEffect(() => {
    const container = containerRef.current;
    if (!ready || !container) return;
    let disposed = false;
    let map: EngineMap | null = null;
    const resizeObserver = new ResizeObserver(() => map?.resize());
    const selectZoom = selectZoomOf(server?.attributes);
    const center: [number, number] = server?.longitude || server?.latitude ? [server.longitude ?? 0, server.latitude ?? 0] : SAO_PAULO;
    setBaseMapOffline(false);

    createEngineMap(engine, { container, style: offlineStyle(engine), center, zoom: server?.zoom || 11, attributionControl: false, fadeDuration: 0 }, mapboxToken).then(
      (created) => {
        if (disposed) return created.remove();
        map = created;
        resizeObserver.observe(container);
        created.on('error', (event) => {
          const verdict = watchRef.current.error(event);
          // The base map cannot be had (no network, wrong URL): the offline style instead, once, and say so.
          if (verdict === 'fallBack') fallBackToOffline(created);
          // Listening for errors keeps the engine from logging them: log the rest as it would.
          else if (verdict === 'notBaseMap') console.error('[rastro] map', (event as { error?: unknown } | undefined)?.error ?? event);
        });
        created.on('sourcedata', (event) => watchRef.current.data(event));
        created.on('load', () => {
          if (disposed) return;
          mapRef.current = created;
          exposeMapForTools(created);
          sessionRef.current = startMapSession(created, {
            engine,
            layers: layersRef.current,
            selectZoom,
            shared,
            statusLabel,
            ...followAndTrails.current,
            onMarkers: (count) => {
              // Read by the e2e tests and the benchmark: how many markers the engine has been given.
              container.dataset.markers = String(count);
              setShown(count);
            },
            onCluster: setCluster,
            onView: ({ center, zoom, geofences }) => {
              container.dataset.center = center.map((value) => value.toFixed(6)).join(',');
              container.dataset.zoom = zoom.toFixed(2);
              container.dataset.geofences = String(geofences);
              useMapViewStore.getState().viewChanged({ latitude: center[1], longitude: center[0], zoom });
            },
          });
          setSessionStarted(true);
        });
      },
      (error: unknown) => {
        console.error('[rastro] the map engine failed to start', error);
        if (!disposed) setFailed(true);
      },
    );

    return () => {
      disposed = true;
      mapRef.current = null;
      sessionRef.current?.stop();
      sessionRef.current = null;
      useMapViewStore.getState().viewChanged(null);
      setSessionStarted(false);
      resizeObserver.disconnect();
      map?.remove();
    };
  }, [ready, server, mapboxToken, engine, fallBackToOffline, shared, followAndTrails]);

  // The chosen base map is swapped in under Rastro's layers once the map has loaded, and again on each switch.
  useEffect(() => {
    const map = mapRef.current;
    const container = containerRef.current;
    if (!sessionStarted || !map || !container) return;
    const source = baseMap;
    let cancelled = false;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), STYLE_TIMEOUT_MS);
    setBaseMapOffline(false);
    // Until the new base map is in, nothing of it can fail.
    watchRef.current = watchBaseMap([]);
    loadBaseStyle(source, engine, timeout.signal).then(
      (style) => {
        if (cancelled) return;
        watchRef.current = watchBaseMap(Object.keys(style.sources));
        applyBaseStyle(map, style);
        // Read by the e2e tests: which base map is drawn.
        container.dataset.baseMap = source.id;
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('[rastro] base map unavailable', source.id, error);
        fallBackToOffline(map);
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      timeout.abort();
    };
    // baseMapKey stands for the base map: the same source with the same URLs is not loaded again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionStarted, baseMapKey, engine, fallBackToOffline]);

  const chooseBase = (id: string) => {
    setPicked(id);
    saveBaseMapChoice(id);
  };

  const changeLayers = (next: MapLayers) => {
    layersRef.current = next;
    setLayers(next);
    saveMapLayers(next);
    sessionRef.current?.setLayers(next);
  };

  return (
    <Box position="relative" w="100%" h="100%" aria-label={t('map.label')} role="region">
      {/* Sized by width/height, not by absolute insets: the engine's stylesheet makes its container position: relative. */}
      <Box ref={containerRef} w="100%" h="100%" data-testid="live-map" data-following={followed ?? ''} />
      {failed && (
        <Text role="alert" position="absolute" top="4" left="4" bg="bg.panel" p="2" borderRadius="md">
          {t('map.engineFailed')}
        </Text>
      )}
      {baseMapOffline && (
        <Text role="status" position="absolute" bottom="2" left="50%" transform="translateX(-50%)" bg="orange.subtle" color="orange.fg" px="2" py="1" borderRadius="md" fontSize="xs" data-testid="map-offline-notice">
          {t('map.baseMapOffline')}
        </Text>
      )}
      <LayerToggle layers={layers} onChange={changeLayers} baseMaps={offered} baseMap={baseMap.id} onBaseMap={chooseBase} />
      {/* What each provider requires shown under its map; above the device count, clear of the side panel. */}
      {!baseMapOffline && baseMap.attribution.length > 0 && (
        <Text position="absolute" bottom="9" right="2" maxW="calc(100% - 1rem)" bg="bg.panel/90" color="fg" px="2" py="0.5" borderRadius="md" fontSize="2xs" data-testid="map-attribution">
          {baseMap.attribution.map((part, index) => (
            <Fragment key={part.text}>
              {index > 0 && ' · '}
              {part.href ? (
                <a href={part.href} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
                  {part.text}
                </a>
              ) : (
                part.text
              )}
            </Fragment>
          ))}
        </Text>
      )}
      {/* Bottom right: the shell's side panel covers the map's left, the layer toggle and the device card its top right. */}
      {(routeOnMap || streetViewPlace) && (
        <Flex direction="column-reverse" gap="2" position="absolute" bottom="10" right="2" zIndex="1" w="80" maxW="calc(100% - 1rem)">
          {routeOnMap && <RoutePlayback key={route?.version} play={routeOnMap.play} onPoints={showPlaybackPoints} onClear={() => bus.emit('route:shown', null)} />}
          {streetViewPlace && <StreetViewPanel place={streetViewPlace} onClose={closeStreetView} />}
        </Flex>
      )}
      {shownDevice !== null && (
        <SelectedDevice
          deviceId={shownDevice}
          followed={followed === shownDevice}
          trail={trails.has(shownDevice)}
          onClose={() => {
            setSelected(null);
            setDismissed(routeDevice);
          }}
        />
      )}
      {/* Editing listens on the bus once the map has loaded: offer drawing from then on. */}
      {canDraw && sessionStarted && <GeofenceDrawControl />}
      {cluster && (
        <ClusterList
          cluster={cluster}
          onClose={() => setCluster(null)}
          onZoom={() => {
            sessionRef.current?.zoomIntoCluster(cluster);
            setCluster(null);
          }}
          onSelect={(deviceId) => {
            sessionRef.current?.focusDevice(deviceId);
            setCluster(null);
          }}
        />
      )}
      <Text position="absolute" bottom="2" right="2" bg="whiteAlpha.800" px="2" py="1" borderRadius="md" fontSize="xs" data-testid="map-device-count">
        {t('map.devicesShown', { count: shown })}
      </Text>
    </Box>
  );
}
