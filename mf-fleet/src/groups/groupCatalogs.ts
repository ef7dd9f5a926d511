import { registerEntityCatalogs } from '../entity/entityCatalogs';
import { groupsEnUS } from './locales/en-US';
import { groupsEs } from './locales/es';
import { groupsPtBR } from './locales/pt-BR';

/** The groups strings, wanted by the groups screen and by the device list's group filter. */
export function registerGroupCatalogs(): void {
  registerEntityCatalogs('groups', { 'pt-BR': groupsPtBR, es: groupsEs, 'en-US': groupsEnUS });
}
