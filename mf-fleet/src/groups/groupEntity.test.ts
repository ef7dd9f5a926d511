import { entityLists } from '@rastro/shared';
import type { Group } from '@rastro/shared';
import { groupEntity } from './groupEntity';
import { groupPath, makesCycle, parentOptions } from './groupTree';

const groups: Group[] = [
  { id: 1, name: 'Frota', groupId: 0, attributes: {} },
  { id: 2, name: 'Norte', groupId: 1, attributes: {} },
  { id: 3, name: 'Entregas', groupId: 2, attributes: { color: 'red' } },
  { id: 4, name: 'Sul', groupId: 1, attributes: {} },
];

describe('groups as a tree', () => {
  beforeEach(() => entityLists.groups.setState({ items: groups, status: 'ready' }));

  it('offers as parent every group but the one edited and those under it, indented by depth', () => {
    const options = parentOptions(groups, 2, 'pt-BR');
    expect(options.map((option) => option.value)).toEqual(['1', '4']);
    expect(options[1]?.label).toBe('\u00a0\u00a0\u00a0Sul');
    expect(parentOptions(groups, null, 'pt-BR').map((option) => option.value)).toEqual(['1', '2', '3', '4']);
  });

  it('knows a loop when it sees one, and writes a group\'s place in the tree', () => {
    expect(makesCycle(groups, 1, 3)).toBe(true);
    expect(makesCycle(groups, 3, 3)).toBe(true);
    expect(makesCycle(groups, 3, 4)).toBe(false);
    expect(makesCycle(groups, null, 3)).toBe(false);
    expect(groupPath(groups, 3)).toBe('Frota / Norte / Entregas');
  });

  it('turns the form into the group sent, keeping its attributes and refusing a loop', () => {
    const original = groups[2] as Group;
    const values = groupEntity.toFormValues(original);
    expect(values).toEqual({ name: 'Entregas', groupId: '2' });
    expect(groupEntity.toPayload({ name: ' Entregas SP ', groupId: '4' }, original)).toMatchObject({ id: 3, name: 'Entregas SP', groupId: 4, attributes: { color: 'red' } });
    // A parent under the group itself keeps the parent it had.
    expect(groupEntity.toPayload({ name: 'Frota', groupId: '3' }, groups[0] as Group)).toMatchObject({ id: 1, groupId: 0 });
    expect(groupEntity.toPayload({ name: 'Nova', groupId: '0' }, null)).toMatchObject({ id: 0, name: 'Nova', groupId: 0 });
  });

  it('requires a name', () => {
    const result = groupEntity.formSchema.safeParse({ name: '  ', groupId: '0' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('fleet.common.required');
  });
});
