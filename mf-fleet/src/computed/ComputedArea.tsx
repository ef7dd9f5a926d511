import { trackingHttp } from '../api/clients';
import { createEntityApi } from '../entity/entityApi';
import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { computedEntity, computedStore } from './computedEntity';

registerFleetCatalogs();

const api = createEntityApi(computedEntity, trackingHttp);
const titles = { create: 'fleet.computed.newTitle', edit: 'fleet.computed.editTitle' };

/** `/computed`: computed attributes (SPEC §3), linked to devices and groups from their links. */
export function ComputedArea() {
  return <EntityScreen definition={computedEntity} api={api} store={computedStore} titles={titles} />;
}
