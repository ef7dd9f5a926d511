import type { scanPtBR } from './pt-BR';

export const scanEnUS: typeof scanPtBR = {
  stop: 'Close the camera',
  cameraFailed: 'The camera could not be opened. Allow access to the camera or type the code.',
};
