import type { entityPtBR } from './pt-BR';

export const entityEnUS: typeof entityPtBR = {
  search: 'Search',
  loading: 'Loading…',
  loadError: 'The list could not be loaded.',
  retry: 'Try again',
  notFound: 'Record not found.',
  back: 'Back to the list',
  readonly: 'You are not allowed to change this record.',
  checkForm: 'Check the form: some fields are missing or invalid.',
};
