import type { groupsPtBR } from './pt-BR';

export const groupsEs: typeof groupsPtBR = {
  name: 'Nombre',
  parent: 'Grupo padre',
  newTitle: 'Nuevo grupo',
  editTitle: 'Editar grupo',
  saveError: 'No se pudo guardar el grupo.',
  deleteError: 'No se pudo eliminar el grupo.',
  filter: 'Grupo',
  allGroups: 'Todos los grupos',
};
