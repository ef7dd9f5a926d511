import type { mapViewPtBR } from './pt-BR';

export const mapViewEnUS: typeof mapViewPtBR = {
  pick: "Use the map's centre and zoom",
  noView: 'The map has not been shown yet.',
};
