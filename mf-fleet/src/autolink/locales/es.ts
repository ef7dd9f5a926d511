import type { autolinkPtBR } from './pt-BR';

export const autolinkEs: typeof autolinkPtBR = {
  title: 'Agregar dispositivo',
  rules: 'Escriba o escanee el IMEI. Un dispositivo en stock (sin dueño) pasa a ser suyo; uno que aún no existe se crea; uno de otro usuario no se puede agregar.',
  imei: 'IMEI (identificador)',
  imeiRequired: 'Indique el IMEI del dispositivo.',
  name: 'Nombre (opcional)',
  scan: 'Escanear con la cámara',
  add: 'Agregar',
  open: 'Abrir el dispositivo',
  outcomes: {
    created: 'Dispositivo "{{name}}" creado.',
    linked: 'Dispositivo "{{name}}" vinculado a su cuenta.',
    alreadyLinked: 'El dispositivo "{{name}}" ya es suyo.',
  },
  limits: {
    licence: 'La licencia de esta instalación no permite más dispositivos. Contacte a su proveedor.',
    server: 'Se alcanzó el límite de dispositivos del servidor ({{limit}}). Contacte al administrador.',
    user: 'Su cuenta alcanzó el límite de {{limit}} dispositivo(s). Pida al administrador que lo aumente.',
    any: 'Se alcanzó un límite de dispositivos (de su cuenta, del revendedor o de la instalación). Contacte al administrador.',
  },
};
