import { Box, Button, Flex, Stack, Text, useDevicesStore } from '@rastro/shared';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface ClusterContents {
  clusterId: number;
  center: [number, number];
  count: number;
  deviceIds: number[];
}

/** Which devices a cluster holds (SPEC: a cluster must still tell who is in it), with a way in. */
export function ClusterList({ cluster, onSelect, onZoom, onClose }: { cluster: ClusterContents; onSelect(deviceId: number): void; onZoom(): void; onClose(): void }) {
  const { t } = useTranslation();
  const devices = useDevicesStore((state) => state.byId);
  const hidden = cluster.count - cluster.deviceIds.length;
  return (
    <Box position="absolute" bottom="10" left="50%" transform="translateX(-50%)" zIndex="2" bg="bg.panel" borderRadius="md" boxShadow="lg" p="3" w="72" maxH="60%" overflow="auto" role="dialog" aria-label={t('map.cluster.title', { count: cluster.count })} data-testid="cluster-list">
      <Flex justify="space-between" align="center" mb="2">
        <Text fontWeight="semibold">{t('map.cluster.title', { count: cluster.count })}</Text>
        <Button size="xs" variant="ghost" onClick={onClose} aria-label={t('map.cluster.close')}>
          <X aria-hidden />
        </Button>
      </Flex>
      <Stack gap="0" as="ul" listStyleType="none">
        {cluster.deviceIds.map((id) => (
          <li key={id}>
            <Button size="sm" variant="ghost" w="100%" justifyContent="flex-start" onClick={() => onSelect(id)}>
              {devices[id]?.name ?? `#${id}`}
            </Button>
          </li>
        ))}
      </Stack>
      {hidden > 0 && (
        <Text fontSize="sm" color="fg.muted" px="3">
          {t('map.cluster.more', { count: hidden })}
        </Text>
      )}
      <Button size="sm" mt="2" onClick={onZoom}>
        {t('map.cluster.zoomIn')}
      </Button>
    </Box>
  );
}
