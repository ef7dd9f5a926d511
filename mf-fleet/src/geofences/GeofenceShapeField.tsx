import { Box, bus, Button, entityLists, Field, geofenceShapeTypes, HStack, parseGeofenceArea, summarizeGeofenceArea, Text } from '@rastro/shared';
import type { Geofence, GeofenceShapeType } from '@rastro/shared';
import { Circle, Map as MapIcon, Pentagon, Spline } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GeofenceFormValues } from './geofenceEntity';
import { geofenceEntity } from './geofenceEntity';
import { GeofenceShapeLabel } from './GeofenceName';

const icons = { circle: Circle, polygon: Pentagon, line: Spline } as const;

/** The area in words: a circle's km², a shape's point count (SPEC §4's area display). */
function useAreaText(area: string): string {
  const { t, i18n } = useTranslation();
  const parsed = parseGeofenceArea(area);
  if (!parsed) return t('fleet.geofences.noShape');
  const summary = summarizeGeofenceArea(parsed.type, parsed.type === 'circle' ? 1 : parsed.points.length, parsed.type === 'circle' ? parsed.radius : null);
  if (summary.kind === 'km2') return t('fleet.geofences.areaKm2', { value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 }).format(summary.value) });
  if (summary.kind === 'points') return t('fleet.geofences.areaPoints', { count: summary.value });
  return t('fleet.geofences.noShape');
}

/**
 * The shape, drawn on the map: a button per shape hands the form's values to the map's editor over
 * the bus (the shell's finish/reset/cancel panel takes over), which saves them with the shape.
 */
export function GeofenceShapeField({ disabled, entityId }: { disabled: boolean; entityId: number | null }) {
  const { t } = useTranslation();
  const { watch, getValues, formState } = useFormContext<GeofenceFormValues>();
  const area = watch('area');
  const areaText = useAreaText(area);
  const current = parseGeofenceArea(area)?.type ?? null;
  const original = entityId === null ? null : (entityLists.geofences.getState().items.find((geofence) => geofence.id === entityId) ?? null);
  const error = formState.errors.area?.message;

  const draw = (type: GeofenceShapeType) => {
    const draft = geofenceEntity.toPayload(getValues(), original);
    bus.emit('geofence:editRequested', { type, geofence: { ...draft, id: original?.id ?? 0 } as Geofence });
  };

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label as="span">{t('fleet.geofences.shape')}</Field.Label>
      <Box borderWidth="1px" borderRadius="md" p="2" w="100%" data-testid="geofence-shape">
        <Text fontSize="sm">
          <GeofenceShapeLabel area={area} /> · {areaText}
        </Text>
        <HStack gap="1" mt="2" wrap="wrap">
          {!disabled &&
            geofenceShapeTypes.map((type) => {
              const Icon = icons[type];
              return (
                <Button key={type} size="xs" variant="outline" onClick={() => draw(type)} data-testid={`geofence-form-draw-${type}`}>
                  <Icon size={14} aria-hidden />
                  {t(current === type ? `fleet.geofences.edit.${type}` : `fleet.geofences.draw.${type}`)}
                </Button>
              );
            })}
          {current && (
            <Button size="xs" variant="ghost" onClick={() => bus.emit('geofence:selected', { ...(original ?? { id: 0, attributes: {} }), name: getValues('name'), area } as Geofence)} data-testid="geofence-show">
              <MapIcon size={14} aria-hidden />
              {t('fleet.geofences.showOnMap')}
            </Button>
          )}
        </HStack>
      </Box>
      {typeof error === 'string' && <Field.ErrorText>{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
}
