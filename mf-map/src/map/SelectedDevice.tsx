import { Box, bus, Button, Flex, Text, useDevicesStore } from '@rastro/shared';
import { LocateFixed, Route, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FollowAndTrails {
  followed: number | null;
  trails: ReadonlySet<number>;
}

/**
 * Who is followed and who has a trail, as announced on the bus by whichever area toggled them.
 * `latest` is the same, kept as the bus announces it rather than at the next render: the map,
 * which loads after the device's card can already be used, starts with what was chosen meanwhile.
 */
export function useFollowAndTrails(): FollowAndTrails & { latest: { readonly current: FollowAndTrails } } {
  const [chosen, setChosen] = useState<FollowAndTrails>({ followed: null, trails: new Set() });
  const latest = useRef(chosen);
  useEffect(() => {
    const change = (next: FollowAndTrails) => {
      latest.current = next;
      setChosen(next);
    };
    const onFollow = (followed: number | null) => change({ ...latest.current, followed });
    const onTrail = ({ deviceId, on }: { deviceId: number; on: boolean }) => {
      const trails = new Set(latest.current.trails);
      if (on) trails.add(deviceId);
      else trails.delete(deviceId);
      change({ ...latest.current, trails });
    };
    bus.on('device:followChanged', onFollow);
    bus.on('device:trailChanged', onTrail);
    return () => {
      bus.off('device:followChanged', onFollow);
      bus.off('device:trailChanged', onTrail);
    };
  }, []);
  return { ...chosen, latest };
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
