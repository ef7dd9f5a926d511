import type { autolinkPtBR } from './pt-BR';

export const autolinkEnUS: typeof autolinkPtBR = {
  title: 'Add device',
  rules: 'Type or scan the IMEI. A device in stock (no owner) becomes yours; one that does not exist yet is created; one that belongs to another user cannot be added.',
  imei: 'IMEI (identifier)',
  imeiRequired: "Enter the device's IMEI.",
  name: 'Name (optional)',
  scan: 'Scan with the camera',
  add: 'Add',
  open: 'Open the device',
  outcomes: {
    created: 'Device "{{name}}" created.',
    linked: 'Device "{{name}}" linked to your account.',
    alreadyLinked: 'The device "{{name}}" is already yours.',
  },
  limits: {
    licence: "This installation's licence allows no more devices. Contact your provider.",
    server: "The server's device limit ({{limit}}) is reached. Contact the administrator.",
    user: 'Your account has reached its limit of {{limit}} device(s). Ask your administrator to raise it.',
    any: 'A device limit is reached (your account’s, your reseller’s or the installation’s). Contact the administrator.',
  },
};
