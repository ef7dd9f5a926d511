import { refreshLicence, Text, useDevicesStore, useRouterBridge } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { useDeviceLimitReached, useFleetAccess } from '../../access/useFleetAccess';
import { trackingHttp } from '../../api/clients';
import { useFleetDataLoaded } from '../../api/fleetData';
import { createEntityApi } from '../../entity/entityApi';
import { EntityForm } from '../../entity/EntityForm';
import { entityRights } from '../../entity/entityRights';
import { accumulatorsFrom, deviceEntity } from './deviceEntity';
import type { DeviceFormValues } from './deviceEntity';

const deviceApi = createEntityApi(deviceEntity, trackingHttp);

/** Create (`/devices/new`) or edit (`/devices/{id}?edit`) a device through the generic form. */
export function DeviceFormScreen({ deviceId }: { deviceId: number | null }) {
  const { t } = useTranslation();
  useFleetDataLoaded();
  const device = useDevicesStore((state) => (deviceId === null ? null : (state.byId[deviceId] ?? null)));
  const access = useFleetAccess();
  const limitReached = useDeviceLimitReached();
  const navigate = useRouterBridge((state) => state.navigate);
  if (deviceId !== null && !device) return <Text p="4">{t('fleet.detail.notFound')}</Text>;

  const creating = deviceId === null;
  const rights = entityRights(access, deviceEntity);
  const canSave = creating ? rights.create : rights.edit;
  const blockedMessage = !canSave ? t('fleet.form.readonly') : creating && limitReached ? t('fleet.form.limitReached') : null;

  const saved = async (savedDevice: Device, values: DeviceFormValues) => {
    useDevicesStore.getState().upsert([savedDevice]);
    const accumulators = accumulatorsFrom(values, savedDevice.id);
    if (accumulators) await trackingHttp.request(`/devices/${savedDevice.id}/accumulators`, { method: 'PUT', json: accumulators });
    // The licence allowance changed with a new device.
    if (creating) void refreshLicence(trackingHttp).catch(() => undefined);
    navigate(`/devices/${savedDevice.id}`);
  };

  const deleted = (removed: Device) => {
    const { byId, replaceAll } = useDevicesStore.getState();
    replaceAll(Object.values(byId).filter((other) => other.id !== removed.id));
    void refreshLicence(trackingHttp).catch(() => undefined);
    navigate('/devices');
  };

  return (
    <EntityForm
      definition={deviceEntity}
      entity={device}
      api={deviceApi}
      canSave={canSave}
      canDelete={rights.delete}
      blockedMessage={blockedMessage}
      title={t(creating ? 'fleet.form.newTitle' : 'fleet.form.editTitle')}
      onSaved={saved}
      onDeleted={deleted}
      onCancel={() => navigate(creating ? '/devices' : `/devices/${deviceId}`)}
    />
  );
}
