import { Box, bus, Button, Flex, geofenceShapeTypes, Text } from '@rastro/shared';
import { Circle, Pentagon, Spline } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const shapeIcons = { circle: Circle, polygon: Pentagon, line: Spline } as const;

/** Starts drawing a new geofence of a type; the editing itself runs over the bus (see geofenceEditing.ts). */
export function GeofenceDrawControl() {
  const { t } = useTranslation();
  return (
    <Box position="absolute" bottom="2" left="2" zIndex="1" bg="bg.panel" borderRadius="md" boxShadow="md" px="2" py="1" data-testid="geofence-draw">
      <Text fontSize="xs" color="fg.muted">
        {t('map.draw.title')}
      </Text>
      <Flex gap="1">
        {geofenceShapeTypes.map((type) => {
          const Icon = shapeIcons[type];
          return (
            <Button key={type} size="xs" variant="outline" onClick={() => bus.emit('geofence:editRequested', { type })} data-testid={`geofence-draw-${type}`}>
              <Icon aria-hidden />
              {t(`map.draw.${type}`)}
            </Button>
          );
        })}
      </Flex>
    </Box>
  );
}
