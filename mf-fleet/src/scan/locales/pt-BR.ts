/** The camera scanner's strings (`fleet.scan.*`). pt-BR is the reference shape. */
export const scanPtBR = {
  stop: 'Fechar a câmera',
  cameraFailed: 'Não foi possível abrir a câmera. Permita o acesso à câmera ou digite o código.',
};
