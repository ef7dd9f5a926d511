import type { Device } from '@rastro/shared';

/** groupPref values: the list grouped by the devices' group, or flat. */
export type GroupingChoice = 'none' | 'group';

export type ListItem = { kind: 'group'; key: string; name: string; count: number } | { kind: 'device'; key: string; device: Device };

/**
 * The rows the virtual list draws: devices in the sorted order, under a header per group when
 * grouping is on. Groups follow their names; devices without a group come last.
 */
export function listItems(devices: readonly Device[], grouping: GroupingChoice, groupNames: Readonly<Record<number, string>>, noGroupName: string, language: string): ListItem[] {
  if (grouping === 'none') return devices.map((device) => ({ kind: 'device', key: `d${device.id}`, device }));
  const byGroup = new Map<number, Device[]>();
  for (const device of devices) {
    const groupId = device.groupId && groupNames[device.groupId] !== undefined ? device.groupId : 0;
    let members = byGroup.get(groupId);
    if (!members) byGroup.set(groupId, (members = []));
    members.push(device);
  }
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const groupIds = [...byGroup.keys()].sort((a, b) => (a === 0 ? 1 : b === 0 ? -1 : collator.compare(groupNames[a] ?? '', groupNames[b] ?? '')));
  return groupIds.flatMap((groupId) => {
    const members = byGroup.get(groupId) ?? [];
    const header: ListItem = { kind: 'group', key: `g${groupId}`, name: groupId === 0 ? noGroupName : (groupNames[groupId] ?? noGroupName), count: members.length };
    return [header, ...members.map((device): ListItem => ({ kind: 'device', key: `d${device.id}`, device }))];
  });
}
