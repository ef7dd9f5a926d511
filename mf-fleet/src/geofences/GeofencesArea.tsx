import { bus, entityLists, useRouterBridge } from '@rastro/shared';
import type { Geofence } from '@rastro/shared';
import { useEffect } from 'react';
import { useFleetAccess } from '../access/useFleetAccess';
import { trackingHttp } from '../api/clients';
import { useFleetData } from '../api/fleetData';
import { createEntityApi } from '../entity/entityApi';
import { registerEntityCatalogs } from '../entity/entityCatalogs';
import { EntityScreen } from '../entity/EntityScreen';
import { entityRights } from '../entity/entityRights';
import { registerFleetCatalogs } from '../locales/catalog';
import { GeofenceFileActions } from './GeofenceFileActions';
import { geofenceEntity } from './geofenceEntity';
import { geofencesEnUS } from './locales/en-US';
import { geofencesEs } from './locales/es';
import { geofencesPtBR } from './locales/pt-BR';

registerFleetCatalogs();
registerEntityCatalogs('geofences', { 'pt-BR': geofencesPtBR, es: geofencesEs, 'en-US': geofencesEnUS });

const geofenceApi = createEntityApi(geofenceEntity, trackingHttp);
export const GEOFENCES_PATH = '/geofence';

/** Every list of geofences on the page learns of a change: the shared store, the fleet's own copy (anchors), the map. */
function geofencesChanged(changed?: Geofence, removed = false) {
  if (changed) {
    if (removed) entityLists.geofences.getState().remove(changed.id);
    else entityLists.geofences.getState().upsert(changed);
  }
  void useFleetData.getState().refreshGeofences().catch(() => undefined);
}

// While the map's editor runs the shell shows its finish panel instead of this screen, which is
// unmounted: the answer to a drawing is heard here, at the module's level, and reopens the geofence.
bus.on('geofence:saved', (saved) => {
  geofencesChanged(saved);
  const router = useRouterBridge.getState();
  if (router.pathname === GEOFENCES_PATH) router.navigate(`${GEOFENCES_PATH}?id=${saved.id}`, { replace: true });
  bus.emit('geofence:selected', saved);
});

/** `/geofence`: the geofences, drawn on the map through the bus, imported and exported as files. */
export function GeofencesArea() {
  const access = useFleetAccess();
  const canImport = entityRights(access, geofenceEntity).create;
  // Leaving the screen leaves no highlighted geofence behind.
  useEffect(() => () => void bus.emit('geofence:selected', null), []);
  return (
    <EntityScreen
      definition={geofenceEntity}
      api={geofenceApi}
      store={entityLists.geofences}
      titles={{ create: 'fleet.geofences.newTitle', edit: 'fleet.geofences.editTitle' }}
      onOpen={(geofence) => bus.emit('geofence:selected', geofence)}
      onChanged={(geofence, change) => {
        geofencesChanged(geofence, change === 'deleted');
        bus.emit('geofences:changed');
        bus.emit('geofence:selected', change === 'deleted' ? null : geofence);
      }}
      toolbar={({ entities, reload }) => (
        <GeofenceFileActions
          geofences={entities}
          canImport={canImport}
          api={geofenceApi}
          onImported={() => {
            reload();
            geofencesChanged();
            bus.emit('geofences:changed');
          }}
        />
      )}
    />
  );
}
