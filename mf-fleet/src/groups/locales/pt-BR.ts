/** Strings of the groups screen, under `fleet.groups`. */
export const groupsPtBR = {
  name: 'Nome',
  parent: 'Grupo pai',
  newTitle: 'Novo grupo',
  editTitle: 'Editar grupo',
  saveError: 'Não foi possível salvar o grupo.',
  deleteError: 'Não foi possível excluir o grupo.',
  filter: 'Grupo',
  allGroups: 'Todos os grupos',
};
