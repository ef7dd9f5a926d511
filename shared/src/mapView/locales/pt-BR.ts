export const mapViewPtBR = {
  pick: 'Usar o centro e o zoom do mapa',
  noView: 'O mapa ainda não foi exibido.',
};
