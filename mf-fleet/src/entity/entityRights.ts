import type { FleetAccess } from '../access/fleetAccess';
import type { EditableArea } from './entityDefinition';

export interface EntityRights {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

const NONE: EntityRights = { create: false, edit: false, delete: false };

/** What the user may do with an entity, from the permission area its definition declares (SPEC §6). */
export function entityRights(access: Pick<FleetAccess, 'canWrite'> | null, definition: { permissionArea: EditableArea }): EntityRights {
  if (!access) return NONE;
  const area = definition.permissionArea;
  return { create: access.canWrite(area, 'create'), edit: access.canWrite(area, 'edit'), delete: access.canWrite(area, 'delete') };
}
