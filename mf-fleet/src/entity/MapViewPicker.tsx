import { Button, HStack, Text, useMapViewStore } from '@rastro/shared';
import { LocateFixed } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EntityField } from './entityDefinition';
import { registerEntityMachineryCatalogs } from './entityCatalogs';

registerEntityMachineryCatalogs();

/** The form values a map default is made of, as its inputs hold them (text). */
interface MapDefaultValues {
  latitude: string;
  longitude: string;
  zoom: string;
}

/**
 * "Use the map's view": fills a map default's latitude, longitude and zoom from where the live map
 * (behind the panel) rests now, read from the shared store the map writes; remotes never reach
 * into each other. Off while no map is drawn.
 */
export function MapViewPicker({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const view = useMapViewStore((state) => state.view);
  const { setValue } = useFormContext<MapDefaultValues>();
  const take = () => {
    if (!view) return;
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('latitude', view.latitude.toFixed(6), options);
    setValue('longitude', view.longitude.toFixed(6), options);
    // Traccar keeps a whole zoom.
    setValue('zoom', String(Math.round(view.zoom)), options);
  };
  return (
    <HStack gap="2" wrap="wrap">
      <Button size="xs" variant="outline" disabled={disabled || !view} onClick={take} data-testid="map-view-pick">
        <LocateFixed aria-hidden />
        {t('fleet.entity.useMapView')}
      </Button>
      {!view && (
        <Text fontSize="xs" color="fg.muted">
          {t('fleet.entity.noMapView')}
        </Text>
      )}
    </HStack>
  );
}

/** The picker as a field of an entity form, placed after the map default's own fields. */
export function mapViewPickerField<Values extends MapDefaultValues>(sectionKey: string, editable?: EntityField<Values>['editable']): EntityField<Values> {
  return {
    name: 'zoom' as EntityField<Values>['name'],
    labelKey: 'fleet.entity.useMapView',
    kind: 'custom',
    sectionKey,
    ...(editable ? { editable } : {}),
    render: ({ disabled }) => <MapViewPicker disabled={disabled} />,
  };
}
