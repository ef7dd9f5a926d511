import { MapViewPick } from '@rastro/shared';
import type { MapViewValues } from '@rastro/shared';
import { useFormContext } from 'react-hook-form';
import type { EntityField } from './entityDefinition';

/** The shared "use the map's view" button, filling the entity form's map default. */
function FormMapViewPick({ disabled }: { disabled: boolean }) {
  const { setValue } = useFormContext<MapViewValues>();
  const take = (values: MapViewValues) => {
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('latitude', values.latitude, options);
    setValue('longitude', values.longitude, options);
    setValue('zoom', values.zoom, options);
  };
  return <MapViewPick disabled={disabled} onPick={take} />;
}

/** The picker as a field of an entity form, placed after the map default's own fields. */
export function mapViewPickerField<Values extends MapViewValues>(sectionKey: string, editable?: EntityField<Values>['editable']): EntityField<Values> {
  return {
    name: 'zoom' as EntityField<Values>['name'],
    labelKey: 'mapView.pick',
    kind: 'custom',
    sectionKey,
    ...(editable ? { editable } : {}),
    render: ({ disabled }) => <FormMapViewPick disabled={disabled} />,
  };
}
