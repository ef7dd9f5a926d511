import { entityLists, groupSchema, i18n } from '@rastro/shared';
import type { Group } from '@rastro/shared';
import { z } from 'zod';
import type { EntityDefinition } from '../entity/entityDefinition';
import { GroupLinks } from '../links/GroupLinks';
import { groupPath, makesCycle, parentOf, parentOptions } from './groupTree';

export const groupFormSchema = z.object({
  name: z.string().trim().min(1, 'fleet.common.required'),
  groupId: z.string(),
});
export type GroupFormValues = z.infer<typeof groupFormSchema>;

const groups = () => entityLists.groups.getState().items;

/** SPEC §3 group: a name and a parent group chosen from the tree; other attributes are kept as they are. */
export const groupEntity: EntityDefinition<Group, GroupFormValues> = {
  key: 'groups',
  apiPath: '/groups',
  permissionArea: 'groups',
  schema: groupSchema,
  formSchema: groupFormSchema,
  title: (group) => group.name,
  columns: [
    { id: 'name', labelKey: 'fleet.groups.name', value: (group) => group.name },
    { id: 'parent', labelKey: 'fleet.groups.parent', value: (group) => (parentOf(group) ? groupPath(groups(), parentOf(group)) : '') },
  ],
  fields: [
    { name: 'name', labelKey: 'fleet.groups.name', kind: 'text' },
    {
      name: 'groupId',
      labelKey: 'fleet.groups.parent',
      kind: 'select',
      options: ({ entityId }) => [{ value: '0', labelKey: 'fleet.common.none' }, ...parentOptions(groups(), entityId, i18n.language)],
    },
  ],
  toFormValues: (group) => ({ name: group?.name ?? '', groupId: String(group?.groupId ?? 0) }),
  toPayload: (values, original) => {
    const groupId = Number(values.groupId) || 0;
    // The chooser never offers a loop; a list changed meanwhile must not make one either.
    const safeParent = makesCycle(groups(), original?.id ?? null, groupId) ? parentOf(original ?? {}) : groupId;
    return { ...(original ?? {}), id: original?.id ?? 0, name: values.name.trim(), groupId: safeParent, attributes: original?.attributes ?? {} };
  },
  parentOf,
  // What a group links (geofences, notifications, drivers…) applies to every device in it.
  FormExtras: GroupLinks,
  saveErrorKey: 'fleet.groups.saveError',
  deleteErrorKey: 'fleet.groups.deleteError',
};
