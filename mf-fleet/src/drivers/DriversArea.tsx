import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { driverEntity, driversStore } from './driverEntity';

registerFleetCatalogs();

/** `/drivers`: drivers, their fuel figures and QR check-in access (SPEC §3). */
export function DriversArea() {
  return <EntityScreen definition={driverEntity} store={driversStore} path="/drivers" />;
}
