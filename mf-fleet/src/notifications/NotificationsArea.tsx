import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { notificationEntity, notificationsStore } from './notificationEntity';

registerFleetCatalogs();

/** `/notifications`: what raises a pop-up, a sound or a message (SPEC §3); the shell reads the same store. */
export function NotificationsArea() {
  return <EntityScreen definition={notificationEntity} store={notificationsStore} path="/notifications" />;
}
