import { entityLists } from '@rastro/shared';
import { trackingHttp } from '../api/clients';
import { useFleetData } from '../api/fleetData';
import { createEntityApi } from '../entity/entityApi';
import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { registerGroupCatalogs } from './groupCatalogs';
import { groupEntity } from './groupEntity';

registerFleetCatalogs();
registerGroupCatalogs();

const groupApi = createEntityApi(groupEntity, trackingHttp);

/** `/groups`: the groups as a tree, each with its parent chosen from the tree. */
export function GroupsArea() {
  return (
    <EntityScreen
      definition={groupEntity}
      api={groupApi}
      store={entityLists.groups}
      titles={{ create: 'fleet.groups.newTitle', edit: 'fleet.groups.editTitle' }}
      // The device screens read group names from the fleet's own copy.
      onChanged={() => useFleetData.getState().refreshGroups().catch(() => undefined)}
    />
  );
}
