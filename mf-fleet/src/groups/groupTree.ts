import type { Group } from '@rastro/shared';
import { arrangeRows } from '../entity/entityRows';
import type { FieldOption } from '../entity/entityDefinition';

export const parentOf = (group: Pick<Group, 'groupId'>): number => group.groupId ?? 0;

/** The group and every group under it: none of them may become its parent (a group cannot be its own ancestor). */
export function groupAndDescendants(groups: readonly Group[], id: number): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups)
      if (!found.has(group.id) && found.has(parentOf(group))) {
        found.add(group.id);
        grew = true;
      }
  }
  return found;
}

/** Whether giving `id` the parent `parentId` would close a loop. */
export function makesCycle(groups: readonly Group[], id: number | null, parentId: number): boolean {
  return id !== null && parentId !== 0 && groupAndDescendants(groups, id).has(parentId);
}

/** "Frota / Norte / Entregas": the group's place in the tree, for lists and choices. */
export function groupPath(groups: readonly Group[], id: number): string {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const names: string[] = [];
  const seen = new Set<number>();
  for (let group = byId.get(id); group && !seen.has(group.id); group = byId.get(parentOf(group))) {
    seen.add(group.id);
    names.unshift(group.name);
  }
  return names.join(' / ');
}

/** The parent chooser as a tree (children indented under their parent), without the group itself and what hangs under it. */
export function parentOptions(groups: readonly Group[], editedId: number | null, language: string): FieldOption[] {
  const excluded = editedId === null ? new Set<number>() : groupAndDescendants(groups, editedId);
  const rows = arrangeRows(
    groups.filter((group) => !excluded.has(group.id)),
    [{ id: 'name', labelKey: '', value: (group: Group) => group.name }],
    { query: '', sort: null, language, parentOf },
  );
  // A native select cannot indent its options: non-breaking spaces do, and screen readers skip them.
  return rows.map(({ entity, depth }) => ({ value: String(entity.id), label: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${entity.name}` }));
}
