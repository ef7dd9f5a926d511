import { registerEntityCatalogs } from '../entity/entityCatalogs';
import { maintenanceEnUS } from './locales/en-US';
import { maintenanceEs } from './locales/es';
import { maintenancePtBR } from './locales/pt-BR';

/** The maintenance strings, wanted by the maintenance screen and by the device detail. */
export function registerMaintenanceCatalogs(): void {
  registerEntityCatalogs('maintenance', { 'pt-BR': maintenancePtBR, es: maintenanceEs, 'en-US': maintenanceEnUS });
}
