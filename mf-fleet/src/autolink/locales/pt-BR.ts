/** Add a device by IMEI (`fleet.autolink.*`). pt-BR is the reference shape. */
export const autolinkPtBR = {
  title: 'Adicionar dispositivo',
  rules: 'Digite ou escaneie o IMEI. Um dispositivo em estoque (sem dono) passa a ser seu; um que ainda não existe é criado; um de outro usuário não pode ser adicionado.',
  imei: 'IMEI (identificador)',
  imeiRequired: 'Informe o IMEI do dispositivo.',
  name: 'Nome (opcional)',
  scan: 'Escanear com a câmera',
  add: 'Adicionar',
  open: 'Abrir o dispositivo',
  outcomes: {
    created: 'Dispositivo "{{name}}" criado.',
    linked: 'Dispositivo "{{name}}" vinculado à sua conta.',
    alreadyLinked: 'O dispositivo "{{name}}" já é seu.',
  },
  limits: {
    licence: 'A licença desta instalação não permite mais dispositivos. Fale com o seu fornecedor.',
    server: 'O limite de dispositivos do servidor ({{limit}}) foi atingido. Fale com o administrador.',
    user: 'A sua conta atingiu o limite de {{limit}} dispositivo(s). Peça ao administrador para aumentá-lo.',
    any: 'Um limite de dispositivos foi atingido (da sua conta, do revendedor ou da instalação). Fale com o administrador.',
  },
};
