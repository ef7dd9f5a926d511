import { Badge, Box, bus, Button, HStack, Text, useDevicesStore, useLicenceStore, useRouterBridge, useSessionStore } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { ArrowLeft, ScrollText } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFleetAccess } from '../../access/useFleetAccess';
import { useFleetDataLoaded } from '../../api/fleetData';
import { useMissingPositionsLoaded } from '../../api/missingPositions';
import { LinksButton } from '../../links/LinksButton';
import { Notice } from '../../entity/Notice';
import type { NoticeMessage } from '../../entity/Notice';
import { DeviceActions } from './actions/DeviceActions';
import { useCommandResults } from './actions/useCommandResults';
import { MaintenanceDue } from '../../maintenance/MaintenanceDue';
import { DetailTable } from './DetailTable';
import { useDeviceFacts } from './useDeviceFacts';

/** `/devices/{id}`: the device's state, its SPEC §3 fields and installation, and the permitted actions. */
export function DeviceDetailScreen({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  useFleetDataLoaded();
  const device = useDevicesStore((state) => state.byId[deviceId]);
  const navigate = useRouterBridge((state) => state.navigate);
  // The advanced logs (administrators, paid edition) open on this device's history.
  const administrator = useSessionStore((state) => state.user?.administrator === true);
  const paid = useLicenceStore((state) => state.licence?.edition !== 'free');
  useMissingPositionsLoaded(useMemo(() => (device ? [device] : []), [device]));

  // Opening the detail (a link, a reload) selects the device on the map too.
  useEffect(() => {
    bus.emit('device:selected', deviceId);
  }, [deviceId]);

  return (
    <Box data-testid="device-detail" data-device-id={deviceId}>
      <HStack px="2" py="1" borderBottomWidth="1px">
        <Button size="xs" variant="ghost" data-testid="device-detail-back" onClick={() => navigate('/devices')}>
          <ArrowLeft aria-hidden />
          {t('fleet.common.back')}
        </Button>
        {administrator && paid && (
          <Button size="xs" variant="ghost" ms="auto" data-testid="device-detail-logs" onClick={() => navigate(`/logs?device=${deviceId}`)}>
            <ScrollText aria-hidden />
            {t('fleet.detail.logs')}
          </Button>
        )}
      </HStack>
      {device ? <DeviceDetail device={device} /> : <Text p="4">{t('fleet.detail.notFound')}</Text>}
    </Box>
  );
}

function DeviceDetail({ device }: { device: Device }) {
  const { t } = useTranslation();
  const access = useFleetAccess();
  const facts = useDeviceFacts(device);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const onResult = useCallback((result: string) => setNotice({ kind: 'info', text: t('fleet.command.result', { name: device.name, result }) }), [t, device.name]);
  useCommandResults(device.id, onResult);

  return (
    <>
      <HStack px="3" py="2" justify="space-between">
        <Text fontWeight="semibold" fontSize="lg" truncate data-testid="device-detail-name">
          {device.name}
        </Text>
        <HStack>
          <LinksButton owner={{ key: 'deviceId', id: device.id, area: 'devices' }} name={device.name} />
          <Badge>{t(`devices.status.${device.status}`)}</Badge>
        </HStack>
      </HStack>
      {access && <DeviceActions device={device} position={facts.position} locked={facts.state.locked} access={access} onNotice={setNotice} />}
      <Notice notice={notice} />
      <DetailTable title={t('fleet.detail.position')} rows={facts.positionRows} testId="device-detail-position" />
      <DetailTable title={t('fleet.detail.details')} rows={facts.detailRows} testId="device-detail-fields" />
      <DetailTable title={t('fleet.detail.installation')} rows={facts.installationRows} testId="device-detail-installation" />
      <MaintenanceDue deviceId={device.id} position={facts.position} />
    </>
  );
}
