import { Text } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFleetAccess } from '../access/useFleetAccess';
import { trackingHttp } from '../api/clients';
import { useDeviceOptions } from '../commands/commandEntity';
import type { EntityField } from '../entity/entityDefinition';
import { MultiSelectControl } from '../entity/MultiSelectControl';
import { sendLinks } from './bulkLinks';
import { linkKinds, permissionBody } from './linkKinds';
import type { LinkKind } from './linkKinds';

/**
 * The devices an entity applies to, chosen in its own form (a computed attribute's "devices"):
 * `deviceIds` is what the boxes say, `linkedDeviceIds` what the server held when the form opened,
 * so saving links and unlinks only the difference.
 */
export const linkedDevicesShape = { deviceIds: z.array(z.string()), linkedDeviceIds: z.array(z.string()) };
export interface LinkedDevicesValues {
  deviceIds: string[];
  linkedDeviceIds: string[];
}
export const noLinkedDevices = (): LinkedDevicesValues => ({ deviceIds: [], linkedDeviceIds: [] });

const kindOf = (kindId: LinkKind['id']): LinkKind => linkKinds.find((kind) => kind.id === kindId) as LinkKind;
const pairsSchema = z.array(z.record(z.string(), z.number()));

/** What changes to send: the devices to link and those to unlink, in the order they were chosen. */
export function deviceLinkChanges(values: LinkedDevicesValues): { added: number[]; removed: number[] } {
  const before = new Set(values.linkedDeviceIds);
  const after = new Set(values.deviceIds);
  return { added: values.deviceIds.filter((id) => !before.has(id)).map(Number), removed: values.linkedDeviceIds.filter((id) => !after.has(id)).map(Number) };
}

/**
 * Links the saved entity to the devices chosen and unlinks those cleared, each set in one bulk call
 * (Traccar's /api/permissions/bulk). A failure stops there: the form says so, and saving again
 * sends what is still different.
 */
export async function saveDeviceLinks(kindId: LinkKind['id'], entityId: number, values: LinkedDevicesValues): Promise<void> {
  const kind = kindOf(kindId);
  const { added, removed } = deviceLinkChanges(values);
  const bodies = (ids: number[]) => ids.map((deviceId) => permissionBody({ key: 'deviceId', id: deviceId }, kind, entityId));
  await sendLinks('POST', bodies(added));
  await sendLinks('DELETE', bodies(removed));
}

function LinkedDevicesControl({ kindId, entityId, disabled }: { kindId: LinkKind['id']; entityId: number | null; disabled: boolean }) {
  const { t } = useTranslation();
  const access = useFleetAccess();
  const { setValue } = useFormContext<LinkedDevicesValues>();
  const options = useDeviceOptions().filter((option) => option.value !== '0');
  const [loaded, setLoaded] = useState(entityId === null);
  useEffect(() => {
    if (entityId === null) return;
    let current = true;
    const kind = kindOf(kindId);
    // GET /api/permissions?deviceId=0&attributeId=5: every device the entity is linked to.
    trackingHttp.json('/permissions', { query: { deviceId: 0, [kind.key]: entityId } }).then(
      (answer) => {
        if (!current) return;
        const ids = pairsSchema.parse(answer).map((pair) => String(pair.deviceId));
        // setValue, not resetField: neither field is mounted yet (resetField skips unregistered ones).
        setValue('deviceIds', ids);
        setValue('linkedDeviceIds', ids);
        setLoaded(true);
      },
      () => current && setLoaded(true),
    );
    return () => {
      current = false;
    };
  }, [kindId, entityId, setValue]);
  // Linking is an edit of the device (the gateway asks the same).
  const canLink = Boolean(access?.canWrite('devices', 'edit'));
  if (!loaded) return <Text role="status">{t('fleet.common.loading')}</Text>;
  return <MultiSelectControl<LinkedDevicesValues> name="deviceIds" label={t('fleet.links.devices')} options={options} disabled={disabled || !canLink} />;
}

/** The form field that chooses the devices an entity of this kind applies to. */
export function linkedDevicesField<Values extends LinkedDevicesValues>(kindId: LinkKind['id']): EntityField<Values> {
  return {
    name: 'deviceIds' as EntityField<Values>['name'],
    labelKey: 'fleet.links.devices',
    kind: 'custom',
    render: ({ entityId, disabled }) => <LinkedDevicesControl kindId={kindId} entityId={entityId} disabled={disabled} />,
  };
}
