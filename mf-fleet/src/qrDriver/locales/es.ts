import type { qrDriverPtBR } from './pt-BR';

export const qrDriverEs: typeof qrDriverPtBR = {
  title: 'Check-in en el vehículo',
  howTo: 'Escanee el código QR del vehículo con la cámara, o escriba el número impreso con él.',
  scan: 'Escanear el código QR',
  code: 'Código del vehículo',
  badCode: 'Este código no es de un vehículo. Escanee el código QR del vehículo o escriba su número.',
  checkInOff: 'El registro por código QR está desactivado en este servidor. Hable con el administrador.',
  checkIn: 'Hacer check-in',
  checkOut: 'Hacer check-out',
  checkedIn: 'Check-in hecho.',
  checkedOut: 'Check-out hecho.',
  since: 'Desde {{date}}',
  status: { online: 'En línea', offline: 'Desconectado', unknown: 'Desconocido' },
  locked: 'Bloqueado',
  unlocked: 'Desbloqueado',
  logoutIn: { days: 'Salida automática en {{count}} día(s)', hours: 'Salida automática en {{count}} hora(s)', minutes: 'Salida automática en {{count}} minuto(s)', seconds: 'Salida automática en {{count}} segundo(s)' },
  loggingOut: 'Cerrando su sesión…',
  ignitionLogout: 'Al apagar el encendido, su check-out se hace automáticamente.',
  lockAfter: 'El vehículo se bloquea {{count}} minuto(s) después del check-out.',
};
