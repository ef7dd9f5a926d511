import { attributeNumber, autolinkResultSchema, Button, errorMessage, Field, Heading, HStack, Input, rastroAttributeKeys, Stack, Text, useDevicesStore, useRouterBridge, useServerStore, useSessionStore } from '@rastro/shared';
import type { AutolinkResult } from '@rastro/shared';
import { ApiError } from '@rastro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceLimitReason } from '../access/useFleetAccess';
import type { DeviceLimitReason } from '../access/fleetAccess';
import { productHttp } from '../api/clients';
import { registerEntityCatalogs } from '../entity/entityCatalogs';
import { Notice } from '../entity/Notice';
import type { NoticeMessage } from '../entity/Notice';
import { registerFleetCatalogs } from '../locales/catalog';
import { ScanButton } from '../scan/ScanButton';
import { imeiFromCode } from './autolinkCode';
import { autolinkEnUS } from './locales/en-US';
import { autolinkEs } from './locales/es';
import { autolinkPtBR } from './locales/pt-BR';

registerFleetCatalogs();
registerEntityCatalogs('autolink', { 'pt-BR': autolinkPtBR, es: autolinkEs, 'en-US': autolinkEnUS });

/** The explanation of a reached device limit, with the number when the page knows it. */
function useLimitMessage(reason: DeviceLimitReason | null): string | null {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  if (!reason) return null;
  if (reason === 'server') return t('fleet.autolink.limits.server', { limit: attributeNumber(server?.attributes, rastroAttributeKeys.deviceLimit) });
  if (reason === 'user') return t('fleet.autolink.limits.user', { limit: user?.deviceLimit });
  return t('fleet.autolink.limits.licence');
}

/** `/autolink` and `/autolink/{imei}`: add a device by typing or scanning its IMEI (POST /rastro/autolink). */
export function AutolinkArea() {
  const { t } = useTranslation();
  const pathname = useRouterBridge((state) => state.pathname);
  const navigate = useRouterBridge((state) => state.navigate);
  const [imei, setImei] = useState(() => imeiFromCode(pathname.startsWith('/autolink/') ? pathname : ''));
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [added, setAdded] = useState<AutolinkResult | null>(null);
  const reason = useDeviceLimitReason();
  const limitMessage = useLimitMessage(reason);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setAdded(null);
    if (imei.trim() === '') {
      setNotice({ kind: 'error', text: t('fleet.autolink.imeiRequired') });
      return;
    }
    setBusy(true);
    try {
      const result = autolinkResultSchema.parse(await productHttp.json('/autolink', { method: 'POST', json: { uniqueId: imei.trim(), ...(name.trim() ? { name: name.trim() } : {}) } }));
      useDevicesStore.getState().upsert([result.device]);
      setAdded(result);
      setNotice({ kind: 'success', text: t(`fleet.autolink.outcomes.${result.outcome}`, { name: result.device.name }) });
      setImei('');
      setName('');
    } catch (error) {
      // The gateway counts every limit (the installation's too, which this page cannot): its refusal is explained the same way.
      const limitRefused = error instanceof ApiError && error.code === 'USER_DEVICE_LIMIT_REACHED';
      setNotice({ kind: 'error', text: limitRefused ? (limitMessage ?? t('fleet.autolink.limits.any')) : errorMessage(error, 'fleet.common.unexpected') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="autolink-form">
    <Stack p="3" gap="3">
      <Heading size="md">{t('fleet.autolink.title')}</Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('fleet.autolink.rules')}
      </Text>
      {limitMessage && <Notice notice={{ kind: 'error', text: limitMessage }} />}
      <Field.Root required>
        <Field.Label htmlFor="autolink-imei">{t('fleet.autolink.imei')}</Field.Label>
        <Input id="autolink-imei" size="sm" inputMode="numeric" autoComplete="off" value={imei} onChange={(event) => setImei(event.target.value)} disabled={Boolean(limitMessage)} />
      </Field.Root>
      {!limitMessage && <ScanButton label={t('fleet.autolink.scan')} onCode={(code) => setImei(imeiFromCode(code))} />}
      <Field.Root>
        <Field.Label htmlFor="autolink-name">{t('fleet.autolink.name')}</Field.Label>
        <Input id="autolink-name" size="sm" value={name} onChange={(event) => setName(event.target.value)} disabled={Boolean(limitMessage)} />
      </Field.Root>
      <Notice notice={notice} />
      <HStack>
        <Button type="submit" colorPalette="blue" size="sm" loading={busy} disabled={Boolean(limitMessage)} data-testid="autolink-submit">
          {t('fleet.autolink.add')}
        </Button>
        {added && (
          <Button size="sm" variant="outline" onClick={() => navigate(`/devices/${added.device.id}`)} data-testid="autolink-open">
            {t('fleet.autolink.open')}
          </Button>
        )}
      </HStack>
    </Stack>
    </form>
  );
}
