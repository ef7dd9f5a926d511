import { bus, Button, errorMessage, HStack, useRouterBridge } from '@rastro/shared';
import type { Device, Position } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetAccess } from '../../../access/fleetAccess';
import { trackingHttp } from '../../../api/clients';
import { anchorOf, useFleetData } from '../../../api/fleetData';
import { useConfirm } from '@rastro/shared';
import { entityRights } from '../../../entity/entityRights';
import { deviceEntity } from '../../form/deviceEntity';
import type { NoticeMessage } from '../../../entity/Notice';
import { toggleAnchor } from '../anchor/anchorToggle';
import { lockCommand, savedCommandsFor, sendCommand } from '../commands/commandApi';
import { SendCommandDialog } from '../commands/SendCommandDialog';
import { useSavedCommands } from '../commands/useSavedCommands';
import { checkInUrl, QrCodeDialog } from '../share/QrCodeDialog';
import { ShareDialog } from '../share/ShareDialog';

type OpenDialog = 'command' | 'share' | 'qr' | null;

/** The SPEC §2 detail actions, each shown only when the user may do it. */
export function DeviceActions({ device, position, locked, access, onNotice }: { device: Device; position: Position | undefined; locked: boolean; access: FleetAccess; onNotice(notice: NoticeMessage): void }) {
  const { t } = useTranslation();
  const navigate = useRouterBridge((state) => state.navigate);
  const geofences = useFleetData((state) => state.geofences);
  const anchored = Boolean(anchorOf(geofences, device.id));
  const { dialog, confirm } = useConfirm();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [following, setFollowing] = useState(false);
  const [trail, setTrail] = useState(false);
  const [busy, setBusy] = useState(false);
  // limitCommands (SPEC §6): only saved commands may be sent, so lock, unlock and "send command" are
  // offered only for what the device has saved (the gateway refuses anything else anyway).
  const limited = access.savedCommandsOnly;
  const saved = useSavedCommands(device.id, limited);
  const hasSaved = (type?: string) => !limited || Boolean(saved?.some((command) => type === undefined || command.type === type));
  const canLock = access.devices.lock && hasSaved('engineStop');
  const canUnlock = access.devices.unlock && hasSaved('engineResume');
  const canCommand = access.devices.command && hasSaved();

  useEffect(() => {
    const onFollow = (deviceId: number | null) => setFollowing(deviceId === device.id);
    const onTrail = (change: { deviceId: number; on: boolean }) => change.deviceId === device.id && setTrail(change.on);
    bus.on('device:followChanged', onFollow);
    bus.on('device:trailChanged', onTrail);
    return () => {
      bus.off('device:followChanged', onFollow);
      bus.off('device:trailChanged', onTrail);
    };
  }, [device.id]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      onNotice({ kind: 'error', text: errorMessage(error, 'fleet.common.unexpected') });
    } finally {
      setBusy(false);
    }
  };

  const anchor = () =>
    run(async () => {
      const outcome = await toggleAnchor({
        device,
        position,
        geofences,
        http: trackingHttp,
        anchorName: t('fleet.anchor.name', { name: device.name }),
        confirm: (kind) => confirm({ message: t(kind === 'on' ? 'fleet.anchor.confirmOn' : 'fleet.anchor.confirmOff', { name: device.name }) }),
      });
      if (outcome === 'cancelled') return onNotice({ kind: 'info', text: t('errors.action_cancel') });
      if (outcome === 'noPosition') return onNotice({ kind: 'error', text: t('fleet.anchor.noPosition') });
      await useFleetData.getState().refreshGeofences();
      bus.emit('geofences:changed');
      onNotice({ kind: 'success', text: t(outcome === 'on' ? 'fleet.anchor.on' : 'fleet.anchor.off') });
    });

  const lock = (type: 'engineStop' | 'engineResume') =>
    run(async () => {
      const question = t(type === 'engineStop' ? 'fleet.lock.confirmLock' : 'fleet.lock.confirmUnlock', { name: device.name });
      if (!(await confirm({ message: question, danger: type === 'engineStop' }))) return onNotice({ kind: 'info', text: t('errors.action_cancel') });
      const saved = await savedCommandsFor(trackingHttp, device.id).catch(() => []);
      const outcome = await sendCommand(trackingHttp, lockCommand(saved, device.id, type));
      onNotice({ kind: outcome === 'queued' ? 'info' : 'success', text: t(outcome === 'queued' ? 'fleet.command.queued' : 'fleet.command.sent') });
    });

  return (
    <HStack gap="1" wrap="wrap" px="3" py="2" borderBottomWidth="1px" data-testid="device-actions">
      <Button size="xs" variant={following ? 'solid' : 'outline'} data-testid="action-follow" onClick={() => bus.emit('device:followChanged', following ? null : device.id)}>
        {t(following ? 'fleet.actions.unfollow' : 'fleet.actions.follow')}
      </Button>
      <Button size="xs" variant={trail ? 'solid' : 'outline'} data-testid="action-trail" onClick={() => bus.emit('device:trailChanged', { deviceId: device.id, on: !trail })}>
        {t(trail ? 'fleet.actions.trailOff' : 'fleet.actions.trail')}
      </Button>
      {locked ? (
        canUnlock && (
          <Button size="xs" variant="outline" disabled={busy} data-testid="action-unlock" onClick={() => lock('engineResume')}>
            {t('fleet.actions.unlock')}
          </Button>
        )
      ) : (
        canLock && (
          <Button size="xs" variant="outline" colorPalette="orange" disabled={busy} data-testid="action-lock" onClick={() => lock('engineStop')}>
            {t('fleet.actions.lock')}
          </Button>
        )
      )}
      {access.devices.anchor && (
        <Button size="xs" variant={anchored ? 'solid' : 'outline'} colorPalette="purple" disabled={busy} data-testid="action-anchor" data-anchored={anchored} onClick={anchor}>
          {t(anchored ? 'fleet.actions.anchorOff' : 'fleet.actions.anchorOn')}
        </Button>
      )}
      {canCommand && (
        <Button size="xs" variant="outline" data-testid="action-command" onClick={() => setOpen('command')}>
          {t('fleet.actions.command')}
        </Button>
      )}
      {access.devices.share && (
        <Button size="xs" variant="outline" data-testid="action-share" onClick={() => setOpen('share')}>
          {t('fleet.actions.share')}
        </Button>
      )}
      {access.devices.qrCode && (
        <Button size="xs" variant="outline" data-testid="action-qr" onClick={() => setOpen('qr')}>
          {t('fleet.actions.qrCode')}
        </Button>
      )}
      {position && (
        <Button size="xs" variant="outline" data-testid="action-street-view" onClick={() => bus.emit('streetView:requested', { latitude: position.latitude, longitude: position.longitude })}>
          {t('fleet.actions.streetView')}
        </Button>
      )}
      {entityRights(access, deviceEntity).edit && (
        <Button size="xs" variant="outline" data-testid="action-edit" onClick={() => navigate(`/devices/${device.id}?edit=1`)}>
          {t('fleet.common.edit')}
        </Button>
      )}
      {open === 'command' && (
        <SendCommandDialog
          device={device}
          savedOnly={access.savedCommandsOnly}
          onClose={() => setOpen(null)}
          onSent={(notice) => {
            setOpen(null);
            onNotice(notice);
          }}
        />
      )}
      {open === 'share' && <ShareDialog device={device} onClose={() => setOpen(null)} />}
      {open === 'qr' && <QrCodeDialog url={checkInUrl(device.id)} name={device.name} title={t('fleet.qr.title')} hint={t('fleet.qr.hint', { name: device.name })} onClose={() => setOpen(null)} />}
      {dialog}
    </HStack>
  );
}
