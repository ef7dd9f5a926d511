import type { OfflineCatalog } from '../catalog';

export const offlineEs: OfflineCatalog = {
  offline: 'Sin conexión con el servidor: se muestran las últimas posiciones conocidas.',
  newVersion: 'Hay una nueva versión de Rastro disponible.',
  reload: 'Recargar',
  push: {
    enable: 'Recibir notificaciones en este dispositivo',
    enabled: 'Notificaciones activadas en este dispositivo.',
    denied: 'Las notificaciones están bloqueadas en este navegador. Permítalas en la configuración del sitio.',
    failed: 'No se pudieron activar las notificaciones en este dispositivo.',
  },
};
