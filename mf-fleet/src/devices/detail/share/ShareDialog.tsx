import { Button, createdShareSchema, errorMessage, formatDate, HStack, Input, NativeSelect, Stack, Text } from '@rastro/shared';
import type { CreatedShare, Device } from '@rastro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productHttp } from '../../../api/clients';
import { Notice } from '../../../entity/Notice';
import type { NoticeMessage } from '../../../entity/Notice';
import { PanelDialog } from '../../../entity/PanelDialog';

/** Expiry choices, in hours; the gateway allows at most 30 days. */
const expiryChoices = [
  { hours: 1, labelKey: 'fleet.share.hours1' },
  { hours: 8, labelKey: 'fleet.share.hours8' },
  { hours: 24, labelKey: 'fleet.share.day1' },
  { hours: 24 * 7, labelKey: 'fleet.share.days7' },
  { hours: 24 * 30 - 1, labelKey: 'fleet.share.days30' },
] as const;

/** A temporary map link for this device (POST /rastro/shares), shown once with a copy button. */
export function ShareDialog({ device, onClose }: { device: Device; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [hours, setHours] = useState<number>(24);
  const [share, setShare] = useState<CreatedShare | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [creating, setCreating] = useState(false);
  const link = share ? new URL(share.url, window.location.origin).toString() : '';

  const create = async () => {
    setCreating(true);
    setNotice(null);
    try {
      const expiresAt = new Date(Date.now() + hours * 3_600_000).toISOString();
      const answer = await productHttp.json('/shares', { method: 'POST', json: { name: t('fleet.share.name', { name: device.name }).slice(0, 128).padEnd(3, '.'), deviceIds: [device.id], expiresAt } });
      const created = createdShareSchema.parse(answer);
      setShare(created);
      setNotice({ kind: 'success', text: t('fleet.share.created', { date: formatDate(created.expiresAt, i18n.language) }) });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'fleet.common.unexpected') });
    } finally {
      setCreating(false);
    }
  };

  // Copying needs a secure page and the user's leave; when refused, the link stays selectable.
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setNotice({ kind: 'info', text: t('fleet.share.copied') });
    } catch {
      setNotice({ kind: 'error', text: t('fleet.share.copyFailed') });
    }
  };

  return (
    <PanelDialog title={t('fleet.share.title')} onClose={onClose} testId="share-dialog">
      <Stack gap="3">
        {!share ? (
          <HStack>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field aria-label={t('fleet.share.expiry')} data-testid="share-expiry" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
                {expiryChoices.map((choice) => (
                  <option key={choice.hours} value={choice.hours}>
                    {t(choice.labelKey)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button colorPalette="blue" size="sm" loading={creating} onClick={create} data-testid="share-create">
              {t('fleet.share.create')}
            </Button>
          </HStack>
        ) : (
          <Stack gap="1">
            <Text fontSize="sm">{t('fleet.share.link')}</Text>
            <HStack>
              <Input size="sm" readOnly value={link} data-testid="share-link" onFocus={(event) => event.target.select()} />
              <Button size="sm" onClick={copy} data-testid="share-copy">
                {t('fleet.share.copy')}
              </Button>
            </HStack>
          </Stack>
        )}
        <Notice notice={notice} />
      </Stack>
    </PanelDialog>
  );
}
