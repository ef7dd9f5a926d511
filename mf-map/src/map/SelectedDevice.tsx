import { Box, bus, Button, Flex, Text, useDevicesStore } from '@rastro/shared';
import { LocateFixed, Route, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Who is followed and who has a trail, as announced on the bus by whichever area toggled them. */
export function useFollowAndTrails(): { followed: number | null; trails: ReadonlySet<number> } {
  const [followed, setFollowed] = useState<number | null>(null);
  const [trails, setTrails] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const onTrail = ({ deviceId, on }: { deviceId: number; on: boolean }) =>
      setTrails((current) => {
        const next = new Set(current);
        if (on) next.add(deviceId);
        else next.delete(deviceId);
        return next;
      });
    bus.on('device:followChanged', setFollowed);
    bus.on('device:trailChanged', onTrail);
    return () => {
      bus.off('device:followChanged', setFollowed);
      bus.off('device:trailChanged', onTrail);
    };
  }, []);
  return { followed, trails };
}

/** The chosen device's card on the map: follow (the camera keeps it in view) and trail switches. */
export function SelectedDevice({ deviceId, followed, trail, onClose }: { deviceId: number; followed: boolean; trail: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const device = useDevicesStore((state) => state.byId[deviceId]);
  if (!device) return null;
  return (
    <Box position="absolute" top="12" right="2" zIndex="1" bg="bg.panel" borderRadius="md" boxShadow="md" p="2" w="60" data-testid="selected-device">
      <Flex justify="space-between" align="center" gap="2">
        <Text fontWeight="semibold" truncate>
          {device.name}
        </Text>
        <Button size="xs" variant="ghost" aria-label={t('map.cluster.close')} onClick={onClose}>
          <X aria-hidden />
        </Button>
      </Flex>
      <Flex gap="2" mt="1">
        <Button size="xs" variant={followed ? 'solid' : 'outline'} aria-pressed={followed} onClick={() => bus.emit('device:followChanged', followed ? null : deviceId)} data-testid="selected-device-follow">
          <LocateFixed aria-hidden />
          {t('map.device.follow')}
        </Button>
        <Button size="xs" variant={trail ? 'solid' : 'outline'} aria-pressed={trail} onClick={() => bus.emit('device:trailChanged', { deviceId, on: !trail })} data-testid="selected-device-trail">
          <Route aria-hidden />
          {t('map.device.trail')}
        </Button>
      </Flex>
    </Box>
  );
}
