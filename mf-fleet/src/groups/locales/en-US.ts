import type { groupsPtBR } from './pt-BR';

export const groupsEnUS: typeof groupsPtBR = {
  name: 'Name',
  parent: 'Parent group',
  newTitle: 'New group',
  editTitle: 'Edit group',
  saveError: 'The group could not be saved.',
  deleteError: 'The group could not be deleted.',
  filter: 'Group',
  allGroups: 'All groups',
};
