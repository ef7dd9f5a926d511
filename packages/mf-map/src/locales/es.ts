import type { MapCatalog } from './catalog';

export const mapEs: MapCatalog = {
  layers: {
    title: 'Capas del mapa',
    groups: 'Agrupar',
    geofences: 'Geocercas',
    names: 'Nombres',
    plates: 'Placas',
    precision: 'Precisión',
    status: 'Estado',
  },
  state: {
    alarm: 'Alarma',
    blocked: 'Bloqueado',
    offline: 'Desconectado',
    unknown: 'Desconocido',
    moving: 'En movimiento',
    ignition: 'Encendido',
    online: 'Detenido',
  },
  speed: '{{value}} km/h',
  device: { follow: 'Seguir', trail: 'Recorrido' },
  cluster: {
    title: '{{count}} dispositivos aquí',
    zoomIn: 'Acercar',
    close: 'Cerrar',
    more: 'y {{count}} más',
  },
  draw: {
    title: 'Nueva geocerca',
    circle: 'Círculo',
    polygon: 'Polígono',
    line: 'Línea',
  },
};
