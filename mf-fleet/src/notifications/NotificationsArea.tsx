import { trackingHttp } from '../api/clients';
import { createEntityApi } from '../entity/entityApi';
import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { notificationEntity, notificationsStore } from './notificationEntity';

registerFleetCatalogs();

const api = createEntityApi(notificationEntity, trackingHttp);
const titles = { create: 'fleet.notifications.newTitle', edit: 'fleet.notifications.editTitle' };

/** `/notifications`: what raises a pop-up, a sound or a message (SPEC §3); the shell reads the same store. */
export function NotificationsArea() {
  return <EntityScreen definition={notificationEntity} api={api} store={notificationsStore} titles={titles} />;
}
