import { Button, HStack, Text } from '@chakra-ui/react';
import { LocateFixed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { registerCatalogs } from '../i18n/registerCatalogs';
import { useMapViewStore } from '../stores/mapView';
import type { MapView } from '../stores/mapView';
import { mapViewEnUS } from './locales/en-US';
import { mapViewEs } from './locales/es';
import { mapViewPtBR } from './locales/pt-BR';

registerCatalogs({ 'pt-BR': mapViewPtBR, es: mapViewEs, 'en-US': mapViewEnUS }, (catalog) => ({ mapView: catalog }));

/** A map default (a user's, the server's) as its inputs hold it. */
export interface MapViewValues {
  latitude: string;
  longitude: string;
  zoom: string;
}

/** The map's view as a map default's inputs take it: six decimals, as the map reports its centre; a whole zoom, as Traccar keeps it. */
export function mapViewValues(view: MapView): MapViewValues {
  return { latitude: view.latitude.toFixed(6), longitude: view.longitude.toFixed(6), zoom: String(Math.round(view.zoom)) };
}

export interface MapViewPickProps {
  /** Takes the view's values (into the form's latitude, longitude and zoom). */
  onPick(values: MapViewValues): void;
  disabled?: boolean;
}

/**
 * "Use the map's view": hands a map default's latitude, longitude and zoom from where the live map
 * behind the panel rests now (useMapViewStore, which the map writes: remotes never reach into each
 * other). Off, and saying why, while no map is drawn.
 */
export function MapViewPick({ onPick, disabled }: MapViewPickProps) {
  const { t } = useTranslation();
  const view = useMapViewStore((state) => state.view);
  return (
    <HStack gap="2" wrap="wrap">
      <Button size="xs" variant="outline" disabled={disabled || !view} onClick={() => view && onPick(mapViewValues(view))} data-testid="map-view-pick">
        <LocateFixed aria-hidden />
        {t('mapView.pick')}
      </Button>
      {!view && (
        <Text fontSize="xs" color="fg.muted">
          {t('mapView.noView')}
        </Text>
      )}
    </HStack>
  );
}
