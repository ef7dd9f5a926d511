import { Text, useRouterBridge } from '@rastro/shared';
import type { EntityListStore } from '@rastro/shared';
import { useEffect } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFleetAccess } from '../access/useFleetAccess';
import { trackingHttp } from '../api/clients';
import type { EntityApi } from './entityApi';
import type { EntityDefinition } from './entityDefinition';
import { EntityForm } from './EntityForm';
import { EntityList } from './EntityList';
import { entityRights } from './entityRights';

/** `?id=new` creates, `?id=<id>` edits, anything else lists: the shell's route table knows only the area's path. */
export function entityScreenRoute(search: string): { screen: 'list' } | { screen: 'create' } | { screen: 'edit'; id: number } {
  const edit = new URLSearchParams(search).get('id');
  if (edit === 'new') return { screen: 'create' };
  const id = Number(edit);
  return edit && Number.isInteger(id) && id > 0 ? { screen: 'edit', id } : { screen: 'list' };
}

export interface EntityScreenProps<Entity extends { id: number }, Values extends FieldValues> {
  definition: EntityDefinition<Entity, Values>;
  api: Pick<EntityApi<Entity>, 'save' | 'remove'>;
  /** The shared store of this list (SPEC §3): read here, refreshed after every change so other remotes see it. */
  store: EntityListStore<Entity>;
  /** i18n keys of the form's title when creating and when editing. */
  titles: { create: string; edit: string };
}

/**
 * A whole entity screen from its description: the list (loaded into the shared store when nobody
 * has yet), the form for `?id=…`, the buttons the user's rights allow.
 */
export function EntityScreen<Entity extends { id: number }, Values extends FieldValues>({ definition, api, store, titles }: EntityScreenProps<Entity, Values>) {
  const { t } = useTranslation();
  const path = useRouterBridge((state) => state.pathname);
  const search = useRouterBridge((state) => state.search);
  const navigate = useRouterBridge((state) => state.navigate);
  const items = store((state) => state.items);
  const status = store((state) => state.status);
  const access = useFleetAccess();

  useEffect(() => {
    if (store.getState().status === 'idle') void store.getState().load((listPath) => trackingHttp.json(listPath));
  }, [store]);

  const route = entityScreenRoute(search);
  if (route.screen === 'list')
    return <EntityList definition={definition} entities={items} access={access} loading={status === 'idle' || status === 'loading'} onCreate={() => navigate(`${path}?id=new`)} onOpen={(entity) => navigate(`${path}?id=${entity.id}`)} />;

  const entity = route.screen === 'edit' ? (items.find((item) => item.id === route.id) ?? null) : null;
  if (route.screen === 'edit' && !entity) return <Text p="4">{t(status === 'ready' || status === 'failed' ? 'fleet.common.notFound' : 'fleet.common.loading')}</Text>;
  const rights = entityRights(access, definition);
  const canSave = route.screen === 'create' ? rights.create : rights.edit;
  return (
    <EntityForm
      key={route.screen === 'edit' ? route.id : 'new'}
      definition={definition}
      entity={entity}
      api={api}
      canSave={canSave}
      canDelete={rights.delete}
      blockedMessage={canSave ? null : t('fleet.common.readonly')}
      title={t(route.screen === 'create' ? titles.create : titles.edit)}
      onSaved={(saved) => {
        store.getState().upsert(saved);
        navigate(path);
      }}
      onDeleted={(removed) => {
        store.getState().remove(removed.id);
        navigate(path);
      }}
      onCancel={() => navigate(path)}
    />
  );
}
