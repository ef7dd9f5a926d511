import { trackingHttp } from '../api/clients';
import { createEntityApi } from '../entity/entityApi';
import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { commandEntity, commandsStore } from './commandEntity';

registerFleetCatalogs();

const api = createEntityApi(commandEntity, trackingHttp);
const titles = { create: 'fleet.commands.newTitle', edit: 'fleet.commands.editTitle' };

/** `/commands`: the saved commands (SPEC §3), sent from a device's detail. */
export function CommandsArea() {
  return <EntityScreen definition={commandEntity} api={api} store={commandsStore} titles={titles} />;
}
