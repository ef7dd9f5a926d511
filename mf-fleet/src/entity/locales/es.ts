import type { entityPtBR } from './pt-BR';

export const entityEs: typeof entityPtBR = {
  search: 'Buscar',
  loading: 'Cargando…',
  loadError: 'No se pudo cargar la lista.',
  retry: 'Reintentar',
  notFound: 'Registro no encontrado.',
  back: 'Volver a la lista',
  readonly: 'No tiene permiso para modificar este registro.',
  checkForm: 'Revise el formulario: faltan campos o hay valores no válidos.',
};
