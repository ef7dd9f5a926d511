import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { commandEntity, commandsStore } from './commandEntity';

registerFleetCatalogs();

/** `/commands`: the saved commands (SPEC §3), sent from a device's detail. */
export function CommandsArea() {
  return <EntityScreen definition={commandEntity} store={commandsStore} path="/commands" />;
}
