import { Box, Button, HStack, Text, useRouterBridge } from '@rastro/shared';
import type { EntityListStore } from '@rastro/shared';
import { useCallback, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFleetAccess } from '../access/useFleetAccess';
import { trackingHttp } from '../api/clients';
import type { EntityApi } from './entityApi';
import { registerEntityMachineryCatalogs } from './entityCatalogs';
import type { EntityDefinition } from './entityDefinition';
import { EntityForm } from './EntityForm';
import { EntityList } from './EntityList';
import { entityRights } from './entityRights';

registerEntityMachineryCatalogs();

export interface EntityScreenProps<Entity extends { id: number }, Values extends FieldValues> {
  definition: EntityDefinition<Entity, Values>;
  api: Pick<EntityApi<Entity>, 'save' | 'remove'>;
  /** The shared list store (SPEC §3): read here, refreshed on every change, so the map and other remotes see it at once. */
  store: EntityListStore<Entity>;
  /** i18n keys of the form's title when creating and when editing. */
  titles: { create: string; edit: string };
  /** After a save or a delete: refresh what other screens and remotes read (the shared stores, the map). */
  onChanged?(entity: Entity, change: 'saved' | 'deleted'): void | Promise<void>;
  /** A row was opened (besides opening its form): the geofences show it on the map. */
  onOpen?(entity: Entity): void;
  /** Extra actions beside "add", given the entities listed and a way to load them again. */
  toolbar?(context: { entities: readonly Entity[]; reload(): void }): ReactNode;
}


/** `?id=new` and `?id=<id>` open the form; the shell's route table knows only the list's path. */
export function formTarget(search: string): 'new' | number | null {
  const id = new URLSearchParams(search).get('id');
  if (id === 'new') return 'new';
  const number = Number(id);
  return id && Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * One fleet entity's whole screen: the list (loading, empty, search, sort) and, from the address,
 * the form to create or edit, with the rights of the definition's permission area (SPEC §6).
 */
export function EntityScreen<E extends { id: number }, Values extends FieldValues>({ definition, api, store, titles, onChanged, onOpen, toolbar }: EntityScreenProps<E, Values>) {
  const { t } = useTranslation();
  const access = useFleetAccess();
  const pathname = useRouterBridge((state) => state.pathname);
  const search = useRouterBridge((state) => state.search);
  const navigate = useRouterBridge((state) => state.navigate);
  const stored = store((state) => state.items);
  const entities = useMemo(() => (definition.listed ? stored.filter((entity) => definition.listed?.(entity)) : stored), [stored, definition]);
  const status = store((state) => state.status);
  const reload = useCallback(() => void store.getState().load((path) => trackingHttp.json(path)), [store]);
  // Each visit asks again: another user or the map may have changed the list meanwhile.
  useEffect(reload, [reload]);
  const loading = status === 'loading' || status === 'idle';

  const target = formTarget(search);
  const rights = entityRights(access, definition);
  const backToList = () => navigate(pathname);

  if (target !== null) {
    const entity = target === 'new' ? null : (entities.find((candidate) => candidate.id === target) ?? null);
    if (target !== 'new' && !entity)
      return (
        <Box p="4">
          <Text role={loading ? 'status' : undefined}>{t(loading ? 'fleet.entity.loading' : 'fleet.entity.notFound')}</Text>
          <Button mt="2" size="sm" variant="outline" onClick={backToList}>
            {t('fleet.entity.back')}
          </Button>
        </Box>
      );
    const canSave = entity ? rights.edit : rights.create;
    return (
      <EntityForm
        key={target}
        definition={definition}
        entity={entity}
        api={api}
        canSave={canSave}
        canDelete={rights.delete}
        blockedMessage={canSave ? null : t('fleet.entity.readonly')}
        title={t(entity ? titles.edit : titles.create)}
        onSaved={(saved) => {
          store.getState().upsert(saved);
          // Back to the list at once: what else listens (the map, the fleet's own copies) catches up behind.
          backToList();
          void onChanged?.(saved, 'saved');
        }}
        onDeleted={(removed) => {
          store.getState().remove(removed.id);
          void onChanged?.(removed, 'deleted');
          backToList();
        }}
        onCancel={backToList}
      />
    );
  }

  return (
    <>
      {status === 'failed' && (
        <HStack p="2" role="alert" bg="red.subtle" color="red.fg">
          <Text flex="1">{t('fleet.entity.loadError')}</Text>
          <Button size="xs" variant="outline" onClick={reload}>
            {t('fleet.entity.retry')}
          </Button>
        </HStack>
      )}
      <EntityList
        definition={definition}
        entities={entities}
        access={access}
        loading={loading}
        toolbar={toolbar?.({ entities, reload })}
        onCreate={() => navigate(`${pathname}?id=new`)}
        onOpen={(entity) => {
          onOpen?.(entity);
          navigate(`${pathname}?id=${entity.id}`);
        }}
      />
    </>
  );
}
