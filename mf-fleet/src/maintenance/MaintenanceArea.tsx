import { entityLists } from '@rastro/shared';
import { trackingHttp } from '../api/clients';
import { createEntityApi } from '../entity/entityApi';
import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { registerMaintenanceCatalogs } from './maintenanceCatalogs';
import { maintenanceEntity } from './maintenanceEntity';

registerFleetCatalogs();
registerMaintenanceCatalogs();

const maintenanceApi = createEntityApi(maintenanceEntity, trackingHttp);

/** `/maintenances`: service items by odometer or engine hours. */
export function MaintenanceArea() {
  return <EntityScreen definition={maintenanceEntity} api={maintenanceApi} store={entityLists.maintenance} titles={{ create: 'fleet.maintenance.newTitle', edit: 'fleet.maintenance.editTitle' }} />;
}
