import type { mapViewPtBR } from './pt-BR';

export const mapViewEs: typeof mapViewPtBR = {
  pick: 'Usar el centro y el zoom del mapa',
  noView: 'El mapa aún no se ha mostrado.',
};
