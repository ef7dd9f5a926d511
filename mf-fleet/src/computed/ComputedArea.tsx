import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { computedEntity, computedStore } from './computedEntity';

registerFleetCatalogs();

/** `/computed`: computed attributes (SPEC §3), linked to devices and groups from their links. */
export function ComputedArea() {
  return <EntityScreen definition={computedEntity} store={computedStore} path="/computed" />;
}
