import { Button, createdShareSchema, errorMessage, expiryLeft, formatDate, Heading, HStack, Input, SHARE_MAX_DAYS, shareSchema, Stack, Text, useConfirm, useDevicesStore } from '@rastro/shared';
import type { Share } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { productHttp } from '../api/clients';
import { Notice } from '../entity/Notice';
import type { NoticeMessage } from '../entity/Notice';
import { useNow } from '../units/useNow';

const DAY_MS = 86_400_000;

/** A day more than the link has left (from now when it has already ended), never past the gateway's SHARE_MAX_DAYS. */
export function extendedExpiry(expiresAt: string, now: number): string {
  const from = Math.max(Date.parse(expiresAt), now);
  return new Date(Math.min(from + DAY_MS, now + SHARE_MAX_DAYS * DAY_MS - 60_000)).toISOString();
}

/** The user's shared links (`GET /rastro/shares`): devices, a live countdown, extend by a day, revoke. */
export function SharesList() {
  const { t, i18n } = useTranslation();
  const devices = useDevicesStore((state) => state.byId);
  const [shares, setShares] = useState<Share[] | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const { dialog, confirm } = useConfirm();
  const now = useNow();

  // Bumped after each change: the list is read again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    productHttp.json('/shares').then(
      (answer) => live && setShares(z.array(shareSchema).parse(answer)),
      (error: unknown) => {
        if (!live) return;
        setShares([]);
        setNotice({ kind: 'error', text: errorMessage(error, 'fleet.common.unexpected') });
      },
    );
    return () => {
      live = false;
    };
  }, [version]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setNotice(null);
    try {
      await work();
      setNotice({ kind: 'success', text: done });
      setVersion((value) => value + 1);
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'fleet.common.unexpected') });
    }
  };
  const extend = (share: Share) => {
    const expiresAt = extendedExpiry(share.expiresAt, now);
    return act(() => productHttp.json(`/shares/${share.id}`, { method: 'PUT', json: { name: share.name, deviceIds: share.deviceIds, expiresAt } }), t('fleet.account.shares.extended', { date: formatDate(expiresAt, i18n.language) }));
  };
  // Only the token's hash is kept: "copy link" makes a new one (the old link stops opening) and copies it.
  const [fresh, setFresh] = useState<{ id: number; link: string } | null>(null);
  const copyNewLink = async (share: Share) => {
    if (!(await confirm({ message: t('fleet.account.shares.confirmNewLink', { name: share.name }), confirmLabel: t('fleet.account.shares.copy') }))) return;
    await act(async () => {
      const created = createdShareSchema.parse(await productHttp.json(`/shares/${share.id}/link`, { method: 'POST' }));
      const link = new URL(created.url, window.location.origin).toString();
      setFresh({ id: share.id, link });
      // The link stays shown and selectable where the browser refuses the clipboard.
      await navigator.clipboard?.writeText(link).catch(() => undefined);
    }, t('fleet.account.shares.copied'));
  };
  const revoke = async (share: Share) => {
    if (!(await confirm({ message: t('fleet.account.shares.confirmRevoke', { name: share.name }), confirmLabel: t('fleet.account.shares.revoke'), danger: true }))) return;
    await act(() => productHttp.request(`/shares/${share.id}`, { method: 'DELETE' }), t('fleet.account.shares.revoked', { name: share.name }));
  };

  return (
    <Stack p="3" gap="2" as="section" aria-labelledby="account-shares-title" data-testid="account-shares">
      <Heading size="md" id="account-shares-title">
        {t('fleet.account.shares.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('fleet.account.shares.hint')}
      </Text>
      {shares === null && <Text>{t('fleet.common.loading')}</Text>}
      {shares?.length === 0 && <Text data-testid="account-shares-empty">{t('fleet.account.shares.empty')}</Text>}
      {shares?.map((share) => {
        const left = expiryLeft(share.expiresAt, now);
        return (
          <Stack key={share.id} gap="1" p="2" borderWidth="1px" borderRadius="md" data-testid="share-row" data-share-id={share.id}>
            <Text fontWeight="semibold">{share.name}</Text>
            <Text fontSize="sm">{share.deviceIds.map((id) => devices[id]?.name ?? `#${id}`).join(', ')}</Text>
            <Text fontSize="sm" data-testid="share-countdown" data-expires-at={share.expiresAt}>
              {!left || left.expired ? t('fleet.account.shares.expired') : t(`fleet.account.shares.left.${left.unit}`, { count: left.count })} · {formatDate(share.expiresAt, i18n.language)}
            </Text>
            {fresh?.id === share.id && <Input size="sm" readOnly value={fresh.link} aria-label={t('fleet.account.shares.newLink')} data-testid="share-link" onFocus={(event) => event.target.select()} />}
            <HStack wrap="wrap">
              <Button size="xs" variant="outline" onClick={() => void copyNewLink(share)} data-testid="share-copy">
                {t('fleet.account.shares.copy')}
              </Button>
              <Button size="xs" variant="outline" onClick={() => void extend(share)} data-testid="share-extend">
                {t('fleet.account.shares.extend')}
              </Button>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => void revoke(share)} data-testid="share-revoke">
                {t('fleet.account.shares.revoke')}
              </Button>
            </HStack>
          </Stack>
        );
      })}
      <Notice notice={notice} />
      {dialog}
    </Stack>
  );
}
