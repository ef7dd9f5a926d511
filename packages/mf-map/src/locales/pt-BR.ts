/** The map remote's own strings (brazilian Portuguese), merged under `map.` in the shared i18n instance. */
export const mapPtBR = {
  layers: {
    title: 'Camadas do mapa',
    groups: 'Agrupar',
    geofences: 'Cercas',
    names: 'Nomes',
    plates: 'Placas',
    precision: 'Precisão',
    status: 'Status',
  },
  state: {
    alarm: 'Alarme',
    blocked: 'Bloqueado',
    offline: 'Offline',
    unknown: 'Desconhecido',
    moving: 'Em movimento',
    ignition: 'Ignição ligada',
    online: 'Parado',
  },
  speed: '{{value}} km/h',
  device: { follow: 'Seguir', trail: 'Trilha' },
  cluster: {
    title: '{{count}} dispositivos aqui',
    zoomIn: 'Aproximar',
    close: 'Fechar',
    more: 'e mais {{count}}',
  },
  draw: {
    title: 'Nova cerca',
    circle: 'Círculo',
    polygon: 'Polígono',
    line: 'Linha',
  },
};
