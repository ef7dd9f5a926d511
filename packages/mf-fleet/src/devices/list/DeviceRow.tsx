import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { alarmName, formatRelativeTime, useDevicesStore, usePositionsStore } from '@rastro/shared';
import type { Device, DeviceStatus, SpeedUnit } from '@rastro/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSpeed } from '../../units/userUnits';
import { deviceState } from './deviceState';

const statusPalette: Record<DeviceStatus, string> = { online: 'green', offline: 'red', unknown: 'gray' };

export interface DeviceRowProps {
  /** The device as the list sorted it; the row draws the live one from the store. */
  device: Device;
  anchored: boolean;
  selected: boolean;
  speedUnit: SpeedUnit;
  pinnedAttributes: readonly string[];
  onChoose(deviceId: number): void;
}

/** One row: name, status, relative last update, speed, state badges and the pinned attributes. */
export const DeviceRow = memo(function DeviceRow({ device: listed, anchored, selected, speedUnit, pinnedAttributes, onChoose }: DeviceRowProps) {
  const { t, i18n } = useTranslation();
  const device = useDevicesStore((state) => state.byId[listed.id]) ?? listed;
  const position = usePositionsStore((state) => state.latestByDeviceId[listed.id]);
  const state = deviceState(position);
  const pinned = pinnedAttributes
    .map((key) => [key, device.attributes[key] ?? position?.attributes[key]] as const)
    .filter(([, value]) => value !== undefined && value !== null && value !== '');

  return (
    <Box
      role="listitem"
      data-testid="device-row"
      data-device-id={device.id}
      aria-selected={selected}
      px="3"
      py="2"
      h="100%"
      borderBottomWidth="1px"
      cursor="pointer"
      bg={selected ? 'blue.50' : undefined}
      _hover={{ bg: selected ? 'blue.50' : 'gray.50' }}
      tabIndex={0}
      onClick={() => onChoose(device.id)}
      onKeyDown={(event) => event.key === 'Enter' && onChoose(device.id)}
    >
      <HStack justify="space-between" gap="2">
        <Text fontWeight="medium" truncate data-testid="device-row-name">
          {device.name}
        </Text>
        <Badge colorPalette={statusPalette[device.status]}>{t(`devices.status.${device.status}`)}</Badge>
      </HStack>
      <HStack justify="space-between" fontSize="xs" color="gray.600" gap="2">
        <Text truncate>{device.lastUpdate ? formatRelativeTime(device.lastUpdate, i18n.language) : t('devices.never')}</Text>
        {position && <Text>{formatSpeed(position.speed, speedUnit, i18n.language)}</Text>}
      </HStack>
      <Stack direction="row" gap="1" fontSize="2xs" overflow="hidden" whiteSpace="nowrap">
        {state.moving && <Badge size="xs" colorPalette="blue">{t('fleet.list.state.moving')}</Badge>}
        {state.ignition !== null && <Badge size="xs">{t(state.ignition ? 'fleet.list.state.ignitionOn' : 'fleet.list.state.ignitionOff')}</Badge>}
        {state.locked && <Badge size="xs" colorPalette="orange">{t('fleet.list.state.locked')}</Badge>}
        {anchored && <Badge size="xs" colorPalette="purple" data-testid="device-row-anchor">{t('fleet.list.state.anchored')}</Badge>}
        {state.driver && <Badge size="xs">{t('fleet.list.state.driver', { driver: state.driver })}</Badge>}
        {state.alarm && <Badge size="xs" colorPalette="red">{t('fleet.list.state.alert', { alarm: alarmName(state.alarm) })}</Badge>}
        {pinned.map(([key, value]) => (
          <Text key={key} as="span" color="gray.600">
            {key}: {String(value)}
          </Text>
        ))}
      </Stack>
    </Box>
  );
});
