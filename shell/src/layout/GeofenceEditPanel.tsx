import { Box, bus, Button, errorMessage, Flex, Input, Stack, summarizeGeofenceArea, Text } from '@rastro/shared';
import type { ErrorReason, GeofenceEditSnapshot, GeofenceSaveFailure } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The map's geofence editing state, as it announces it over the bus (null: not editing). */
export function useGeofenceEditing(): GeofenceEditSnapshot | null {
  const [snapshot, setSnapshot] = useState<GeofenceEditSnapshot | null>(null);
  useEffect(() => {
    bus.on('geofence:editChanged', setSnapshot);
    return () => void bus.off('geofence:editChanged', setSnapshot);
  }, []);
  return snapshot;
}

function useAreaText(snapshot: GeofenceEditSnapshot): string {
  const { t, i18n } = useTranslation();
  const summary = summarizeGeofenceArea(snapshot.type, snapshot.points, snapshot.radiusMetres);
  if (summary.kind === 'undefined') return t('geofenceEdit.areaUndefined');
  if (summary.kind === 'points') return t('geofenceEdit.areaPoints', { count: summary.value });
  return t('geofenceEdit.areaKm2', { value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 }).format(summary.value) });
}

/** SPEC §2: while a geofence is being edited, the side panel gives way to finish, reset and cancel. */
export function GeofenceEditPanel({ snapshot }: { snapshot: GeofenceEditSnapshot }) {
  const { t } = useTranslation();
  const [name, setName] = useState(snapshot.name);
  const [failure, setFailure] = useState<{ failure: GeofenceSaveFailure; reason?: ErrorReason } | null>(null);
  const areaText = useAreaText(snapshot);
  const hint = snapshot.type === 'circle' ? `circle${snapshot.step}` : `points${snapshot.step}`;

  useEffect(() => {
    const onFailed = (failure: GeofenceSaveFailure, reason?: ErrorReason) => setFailure({ failure, reason });
    bus.on('geofence:saveFailed', onFailed);
    return () => void bus.off('geofence:saveFailed', onFailed);
  }, []);

  return (
    <Box
      as="section"
      aria-label={t(`geofenceEdit.title.${snapshot.type}`)}
      position="absolute"
      zIndex="sticky"
      bg="bg.panel"
      boxShadow="lg"
      borderRadius="lg"
      left={{ base: 0, md: 2 }}
      right={{ base: 0, md: 'auto' }}
      bottom={{ base: 0, md: 'auto' }}
      top={{ base: 'auto', md: 2 }}
      w={{ base: '100%', md: '80' }}
      p="3"
      data-testid="geofence-edit-panel"
    >
      <Stack gap="2">
        <Text fontWeight="semibold">{t(`geofenceEdit.title.${snapshot.type}`)}</Text>
        <Text fontSize="sm">{t(`geofenceEdit.step.${hint}`)}</Text>
        <Text fontSize="sm" data-testid="geofence-edit-area">
          {t('geofenceEdit.area')}: {areaText}
        </Text>
        <Input
          size="sm"
          aria-label={t('geofenceEdit.name')}
          placeholder={t('geofenceEdit.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setFailure(null);
          }}
          data-testid="geofence-edit-name"
        />
        {failure && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {/* A refused save says why (the tracking server down, a limit…), as every screen does. */}
            {errorMessage(failure.reason, `geofenceEdit.${failure.failure}`)}
          </Text>
        )}
        <Flex gap="2">
          <Button size="sm" colorPalette="blue" onClick={() => bus.emit('geofence:finishRequested', { name })} data-testid="geofence-edit-finish">
            {t('geofenceEdit.finish')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => bus.emit('geofence:resetRequested')} data-testid="geofence-edit-reset">
            {t('geofenceEdit.reset')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => bus.emit('geofence:cancelRequested')} data-testid="geofence-edit-cancel">
            {t('geofenceEdit.cancel')}
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}
