import type { scanPtBR } from './pt-BR';

export const scanEs: typeof scanPtBR = {
  stop: 'Cerrar la cámara',
  cameraFailed: 'No se pudo abrir la cámara. Permita el acceso a la cámara o escriba el código.',
};
