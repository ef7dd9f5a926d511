import { Badge, HStack, parseGeofenceArea, Text } from '@rastro/shared';
import type { Geofence } from '@rastro/shared';
import { Anchor } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isAnchorGeofence } from '../api/fleetData';

/** The list's name cell: an anchor says so, since it is its device's and not deleted here. */
export function GeofenceName({ geofence }: { geofence: Geofence }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2">
      <Text>{geofence.name}</Text>
      {isAnchorGeofence(geofence) && (
        <Badge colorPalette="orange" data-testid="geofence-anchor">
          <Anchor size={12} aria-hidden />
          {t('fleet.geofences.anchor')}
        </Badge>
      )}
    </HStack>
  );
}

/** "Circle", "Polygon", "Line", or that the area cannot be read. */
export function GeofenceShapeLabel({ area }: { area: string }) {
  const { t } = useTranslation();
  const shape = parseGeofenceArea(area)?.type;
  return <>{t(shape ? `fleet.geofences.shapes.${shape}` : 'fleet.geofences.noShape')}</>;
}
