import { Box, Button, HStack, NativeSelect, Spinner, Stack, Text, useConfirm } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFleetAccess } from '../access/useFleetAccess';
import { trackingHttp } from '../api/clients';
import { errorMessage } from '@rastro/shared';
import { Notice } from '../entity/Notice';
import type { NoticeMessage } from '../entity/Notice';
import { sendLinks } from './bulkLinks';
import { linkKindsFor, permissionBody } from './linkKinds';
import type { LinkKind, LinkOwner } from './linkKinds';

const idsSchema = z.array(z.object({ id: z.number() }).loose());

/** The ids linked to the owner now (GET /api/<kind>?deviceId=…); null while asked. `reload` asks again. */
function useLinkedIds(owner: LinkOwner, kind: LinkKind): { linked: Set<number> | null; setLinked(next: Set<number>): void; reload(): void } {
  const [linked, setLinked] = useState<{ key: string; ids: Set<number> } | null>(null);
  const [asked, setAsked] = useState(0);
  const key = `${owner.key}:${owner.id}:${kind.id}`;
  useEffect(() => {
    let current = true;
    trackingHttp.json(kind.path, { query: { [owner.key]: owner.id } }).then(
      (answer) => current && setLinked({ key, ids: new Set(idsSchema.parse(answer).map((item) => item.id)) }),
      () => current && setLinked({ key, ids: new Set() }),
    );
    return () => {
      current = false;
    };
  }, [key, kind.path, owner.key, owner.id, asked]);
  return { linked: linked?.key === key ? linked.ids : null, setLinked: (ids) => setLinked({ key, ids }), reload: () => setAsked((count) => count + 1) };
}

/**
 * Which geofences, notifications, drivers, computed attributes, saved commands and maintenance items
 * are linked to a device, a group or a user, each a checkbox that links (POST /api/permissions) or
 * unlinks (DELETE); "link all" and "unlink all" change every one offered in one bulk call
 * (/api/permissions/bulk). Only what the user reaches is offered, and only a user who may edit the
 * owner can change it.
 */
export function EntityLinks({ owner, name }: { owner: LinkOwner; name: string }) {
  const { t } = useTranslation();
  const access = useFleetAccess();
  const { dialog, confirm } = useConfirm();
  const kinds = linkKindsFor(owner);
  const [kindId, setKindId] = useState<LinkKind['id']>(kinds[0]?.id ?? 'geofences');
  const kind = kinds.find((candidate) => candidate.id === kindId) ?? (kinds[0] as LinkKind);
  const items = kind.store((state) => state.items);
  const { linked, setLinked, reload } = useLinkedIds(owner, kind);
  // An item's id while its checkbox is saved; 'all' while a bulk change is.
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const canLink = Boolean(access?.canWrite(owner.area, 'edit'));

  useEffect(() => {
    if (kind.store.getState().status === 'idle') void kind.store.getState().load((path) => trackingHttp.json(path));
  }, [kind]);

  const toggle = async (itemId: number, on: boolean) => {
    if (!linked) return;
    setBusy(itemId);
    setNotice(null);
    try {
      await trackingHttp.request('/permissions', { method: on ? 'POST' : 'DELETE', json: permissionBody(owner, kind, itemId) });
      const next = new Set(linked);
      if (on) next.add(itemId);
      else next.delete(itemId);
      setLinked(next);
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'fleet.links.error') });
    } finally {
      setBusy(null);
    }
  };

  const offered = items.filter((item) => kind.offered?.(item) ?? true);
  const changeAll = async (on: boolean) => {
    if (!linked) return;
    const changed = offered.filter((item) => linked.has(item.id) !== on).map((item) => item.id);
    if (!on && !(await confirm({ message: t('fleet.links.unlinkAllConfirm', { count: changed.length, kind: t(`fleet.links.kinds.${kind.id}`), name }), confirmLabel: t('fleet.links.unlinkAll'), danger: true }))) return;
    setBusy('all');
    setNotice(null);
    try {
      await sendLinks(on ? 'POST' : 'DELETE', changed.map((itemId) => permissionBody(owner, kind, itemId)));
      setLinked(new Set(on ? [...linked, ...changed] : [...linked].filter((id) => !changed.includes(id))));
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'fleet.links.error') });
      // The requests before a refused one went through: show what the server holds.
      reload();
    } finally {
      setBusy(null);
    }
  };
  const linkedOffered = linked ? offered.filter((item) => linked.has(item.id)).length : 0;
  return (
    <Stack gap="2" data-testid="entity-links" data-owner={owner.key}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field aria-label={t('fleet.links.kind')} value={kind.id} onChange={(event) => setKindId(event.target.value as LinkKind['id'])} data-testid="links-kind">
          {kinds.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {t(`fleet.links.kinds.${candidate.id}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {!linked ? (
        <HStack>
          <Spinner size="sm" />
          <Text>{t('fleet.common.loading')}</Text>
        </HStack>
      ) : offered.length === 0 ? (
        <Text color="fg.muted">{t('fleet.common.empty')}</Text>
      ) : (
        <>
          <HStack gap="2" wrap="wrap">
            <Button size="xs" variant="outline" disabled={!canLink || busy !== null || linkedOffered === offered.length} onClick={() => void changeAll(true)} data-testid="links-all">
              {t('fleet.links.linkAll')}
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" disabled={!canLink || busy !== null || linkedOffered === 0} onClick={() => void changeAll(false)} data-testid="links-none">
              {t('fleet.links.unlinkAll')}
            </Button>
          </HStack>
          <Box as="ul" listStyleType="none" maxH="72" overflowY="auto">
            {offered.map((item) => (
              <li key={item.id}>
                <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', padding: '0.25rem 0' }}>
                  <input type="checkbox" checked={linked.has(item.id)} disabled={!canLink || busy !== null} onChange={(event) => void toggle(item.id, event.target.checked)} data-testid="link-toggle" data-item-id={item.id} />
                  {kind.label(item) || `#${item.id}`}
                </label>
              </li>
            ))}
          </Box>
        </>
      )}
      <Notice notice={notice} />
      {dialog}
    </Stack>
  );
}
