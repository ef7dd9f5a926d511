import { Box, HStack, NativeSelect, Spinner, Stack, Text } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFleetAccess } from '../access/useFleetAccess';
import { trackingHttp } from '../api/clients';
import { errorMessage } from '@rastro/shared';
import { Notice } from '../entity/Notice';
import type { NoticeMessage } from '../entity/Notice';
import { linkKindsFor, permissionBody } from './linkKinds';
import type { LinkKind, LinkOwner } from './linkKinds';

const idsSchema = z.array(z.object({ id: z.number() }).loose());

/** The ids linked to the owner now (GET /api/<kind>?deviceId=…); null while asked. */
function useLinkedIds(owner: LinkOwner, kind: LinkKind): [Set<number> | null, (next: Set<number>) => void] {
  const [linked, setLinked] = useState<{ key: string; ids: Set<number> } | null>(null);
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
  }, [key, kind.path, owner.key, owner.id]);
  return [linked?.key === key ? linked.ids : null, (ids) => setLinked({ key, ids })];
}

/**
 * Which geofences, notifications, drivers, computed attributes, saved commands and maintenance items
 * are linked to a device, a group or a user, each a checkbox that links (POST /api/permissions) or
 * unlinks (DELETE). Only what the user reaches is offered, and only a user who may edit the owner
 * can change it.
 */
export function EntityLinks({ owner }: { owner: LinkOwner }) {
  const { t } = useTranslation();
  const access = useFleetAccess();
  const kinds = linkKindsFor(owner);
  const [kindId, setKindId] = useState<LinkKind['id']>(kinds[0]?.id ?? 'geofences');
  const kind = kinds.find((candidate) => candidate.id === kindId) ?? (kinds[0] as LinkKind);
  const items = kind.store((state) => state.items);
  const [linked, setLinked] = useLinkedIds(owner, kind);
  const [busy, setBusy] = useState<number | null>(null);
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
        <Text color="gray.600">{t('fleet.common.empty')}</Text>
      ) : (
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
      )}
      <Notice notice={notice} />
    </Stack>
  );
}
