import type { Device } from '@rastro/shared';

/** groupPref values: the list grouped by the devices' group, or flat. */
export type GroupingChoice = 'none' | 'group';

export type ListItem = { kind: 'group'; key: string; name: string; count: number } | { kind: 'device'; key: string; device: Device };

export interface GroupSection {
  header: ListItem & { kind: 'group' };
  members: Device[];
}

/**
 * The devices under a header per group, in the sorted order within each group. Groups follow
 * their names; devices without a group (or in a group the user cannot see) come last.
 */
export function groupSections(devices: readonly Device[], groupNames: Readonly<Record<number, string>>, noGroupName: string, language: string): GroupSection[] {
  const byGroup = new Map<number, Device[]>();
  for (const device of devices) {
    const groupId = device.groupId && groupNames[device.groupId] !== undefined ? device.groupId : 0;
    let members = byGroup.get(groupId);
    if (!members) byGroup.set(groupId, (members = []));
    members.push(device);
  }
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const groupIds = [...byGroup.keys()].sort((a, b) => (a === 0 ? 1 : b === 0 ? -1 : collator.compare(groupNames[a] ?? '', groupNames[b] ?? '')));
  return groupIds.map((groupId) => {
    const members = byGroup.get(groupId) ?? [];
    return { header: { kind: 'group', key: `g${groupId}`, name: groupId === 0 ? noGroupName : (groupNames[groupId] ?? noGroupName), count: members.length }, members };
  });
}
