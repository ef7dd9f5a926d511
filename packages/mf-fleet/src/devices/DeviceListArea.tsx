import { Badge, Box, Input, Stack, Text } from '@chakra-ui/react';
import { bus, convertSpeed, formatRelativeTime, useDevicesStore, usePositionsStore } from '@rastro/shared';
import type { Device, DeviceStatus } from '@rastro/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesQuery, sortByName } from './deviceSearch';

const statusPalette: Record<DeviceStatus, string> = { online: 'green', offline: 'red', unknown: 'gray' };

/** `/devices`: the fleet with its state at a glance; choosing a row selects the device everywhere. */
export function DeviceListArea() {
  const { t, i18n } = useTranslation();
  const devicesById = useDevicesStore((state) => state.byId);
  const positions = usePositionsStore((state) => state.latestByDeviceId);
  const [query, setQuery] = useState('');
  const devices = useMemo(
    () => sortByName(Object.values(devicesById), i18n.language).filter((device) => matchesQuery(device, query)),
    [devicesById, query, i18n.language],
  );
  const total = Object.keys(devicesById).length;

  return (
    <Stack gap="0" h="100%">
      <Box p="2" borderBottomWidth="1px">
        <Input size="sm" placeholder={t('devices.search')} aria-label={t('devices.search')} value={query} onChange={(event) => setQuery(event.target.value)} />
      </Box>
      {devices.length === 0 ? (
        <Text p="4" color="gray.500">
          {total === 0 ? t('devices.empty') : t('devices.noResults')}
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" m="0" p="0" overflowY="auto" data-testid="device-list">
          {devices.map((device) => (
            <DeviceRow key={device.id} device={device} speedKnots={positions[device.id]?.speed} language={i18n.language} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

function DeviceRow({ device, speedKnots, language }: { device: Device; speedKnots: number | undefined; language: string }) {
  const { t } = useTranslation();
  return (
    <Box
      as="li"
      px="3"
      py="2"
      borderBottomWidth="1px"
      cursor="pointer"
      _hover={{ bg: 'gray.50' }}
      tabIndex={0}
      onClick={() => bus.emit('device:selected', device.id)}
      onKeyDown={(event) => event.key === 'Enter' && bus.emit('device:selected', device.id)}
    >
      <Stack direction="row" justify="space-between" align="center" gap="2">
        <Text fontWeight="medium" truncate>
          {device.name}
        </Text>
        <Badge colorPalette={statusPalette[device.status]}>{t(`devices.status.${device.status}`)}</Badge>
      </Stack>
      <Stack direction="row" justify="space-between" fontSize="xs" color="gray.600">
        <Text>{device.lastUpdate ? formatRelativeTime(device.lastUpdate, language) : t('devices.never')}</Text>
        {speedKnots !== undefined && <Text>{t('devices.speed', { value: Math.round(convertSpeed(speedKnots, 'kmh')) })}</Text>}
      </Stack>
    </Box>
  );
}
