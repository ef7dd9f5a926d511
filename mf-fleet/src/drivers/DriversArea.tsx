import { trackingHttp } from '../api/clients';
import { createEntityApi } from '../entity/entityApi';
import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { driverEntity, driversStore } from './driverEntity';

registerFleetCatalogs();

const api = createEntityApi(driverEntity, trackingHttp);
const titles = { create: 'fleet.drivers.newTitle', edit: 'fleet.drivers.editTitle' };

/** `/drivers`: drivers, their fuel figures and QR check-in access (SPEC §3). */
export function DriversArea() {
  return <EntityScreen definition={driverEntity} api={api} store={driversStore} titles={titles} />;
}
