/** Strings of the generic entity screens (search, sort, loading), under `fleet.entity`. */
export const entityPtBR = {
  search: 'Pesquisar',
  loading: 'Carregando…',
  loadError: 'Não foi possível carregar a lista.',
  retry: 'Tentar novamente',
  notFound: 'Registro não encontrado.',
  back: 'Voltar à lista',
  readonly: 'Você não tem permissão para alterar este registro.',
  checkForm: 'Confira o formulário: há campos faltando ou inválidos.',
};
