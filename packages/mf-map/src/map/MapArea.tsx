import { Box, Text } from '@chakra-ui/react';
import { useDevicesStore, usePositionsStore, useServerStore } from '@rastro/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseEngine, createEngineMap } from './engine';
import type { EngineMap } from './engine';
import { fleetBounds, fleetFeatures } from './fleetFeatures';
import { addFleetLayers, updateFleetLayers } from './fleetLayers';
import { offlineStyle } from './offlineStyle';

const SAO_PAULO: [number, number] = [-46.6333, -23.5505];
/** SPEC §9: map fit stops at the server's web.selectZoom, 17 when unset. */
export const DEFAULT_SELECT_ZOOM = 17;

function currentFleet() {
  return fleetFeatures(useDevicesStore.getState().byId, usePositionsStore.getState().latestByDeviceId);
}

/** The live map: every device the user sees, moving as the socket delivers fixes. */
export function MapArea() {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const serverStatus = useServerStore((state) => state.status);
  const server = useServerStore((state) => state.server);
  const mapboxToken = useServerStore((state) => state.config?.mapboxToken ?? null);
  const styleUrl = useServerStore((state) => state.config?.mapStyleUrl ?? null);
  const shown = usePositionsStore((state) => Object.keys(state.latestByDeviceId).length);
  const [failed, setFailed] = useState(false);
  const ready = serverStatus !== 'loading';

  useEffect(() => {
    const container = containerRef.current;
    if (!ready || !container) return;
    let disposed = false;
    let map: EngineMap | null = null;
    let frame = 0;
    const unsubscribers: Array<() => void> = [];
    const resizeObserver = new ResizeObserver(() => map?.resize());
    const selectZoom = Number(server?.attributes['web.selectZoom']) || DEFAULT_SELECT_ZOOM;
    const center: [number, number] = server?.longitude || server?.latitude ? [server.longitude ?? 0, server.latitude ?? 0] : SAO_PAULO;

    createEngineMap(
      chooseEngine(mapboxToken),
      { container, style: styleUrl ?? offlineStyle, center, zoom: server?.zoom || 11, attributionControl: false },
      mapboxToken,
    ).then(
      (created) => {
        if (disposed) return created.remove();
        map = created;
        resizeObserver.observe(container);
        created.on('load', () => {
          const fleet = currentFleet();
          addFleetLayers(created, fleet);
          const bounds = fleetBounds(fleet);
          if (bounds) created.fitBounds(bounds, { padding: 48, maxZoom: selectZoom, duration: 0 });
          // A burst of fixes becomes one redraw per animation frame, whatever its size.
          const scheduleRedraw = () => {
            if (frame) return;
            frame = requestAnimationFrame(() => {
              frame = 0;
              updateFleetLayers(created, currentFleet());
            });
          };
          unsubscribers.push(usePositionsStore.subscribe(scheduleRedraw), useDevicesStore.subscribe(scheduleRedraw));
        });
      },
      (error: unknown) => {
        console.error('[rastro] the map engine failed to start', error);
        if (!disposed) setFailed(true);
      },
    );

    return () => {
      disposed = true;
      cancelAnimationFrame(frame);
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      resizeObserver.disconnect();
      map?.remove();
    };
  }, [ready, server, mapboxToken, styleUrl]);

  return (
    <Box position="relative" w="100%" h="100%" aria-label={t('map.label')} role="region">
      {/* Sized by width/height, not by absolute insets: the engine's stylesheet makes its container position: relative. */}
      <Box ref={containerRef} w="100%" h="100%" data-testid="live-map" />
      {failed && (
        <Text role="alert" position="absolute" top="4" left="4" bg="white" p="2" borderRadius="md">
          {t('map.engineFailed')}
        </Text>
      )}
      <Text position="absolute" bottom="2" right="2" bg="whiteAlpha.800" px="2" py="1" borderRadius="md" fontSize="xs" data-testid="map-device-count">
        {t('map.devicesShown', { count: shown })}
      </Text>
    </Box>
  );
}
