import { canListUsers, Text, useSessionStore } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { trackingHttp } from '../api/clients';
import { createEntityApi } from '../entity/entityApi';
import { registerEntityCatalogs } from '../entity/entityCatalogs';
import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { usersEnUS } from './locales/en-US';
import { usersEs } from './locales/es';
import { usersPtBR } from './locales/pt-BR';
import { userEntity, usersStore } from './userEntity';

registerFleetCatalogs();
registerEntityCatalogs('users', { 'pt-BR': usersPtBR, es: usersEs, 'en-US': usersEnUS });

const api = createEntityApi(userEntity, trackingHttp);
const titles = { create: 'fleet.users.newTitle', edit: 'fleet.users.editTitle' };

/** `/users`: the users below the signed-in one (SPEC §3, §5, §6); only administrators and managers list users. */
export function UsersArea() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  if (!user || !canListUsers(user)) return <Text p="4">{t('fleet.users.notAvailable')}</Text>;
  return <EntityScreen definition={userEntity} api={api} store={usersStore} titles={titles} />;
}
