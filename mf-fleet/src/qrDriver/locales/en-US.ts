import type { qrDriverPtBR } from './pt-BR';

export const qrDriverEnUS: typeof qrDriverPtBR = {
  title: 'Check in to a vehicle',
  howTo: "Scan the vehicle's QR code with the camera, or type the number printed with it.",
  scan: 'Scan the QR code',
  code: 'Vehicle code',
  badCode: "This code is not a vehicle's. Scan the vehicle's QR code or type its number.",
  checkInOff: 'Check-in by QR code is switched off on this server. Please ask the administrator.',
  checkIn: 'Check in',
  checkOut: 'Check out',
  checkedIn: 'Checked in.',
  checkedOut: 'Checked out.',
  since: 'Since {{date}}',
  status: { online: 'Online', offline: 'Offline', unknown: 'Unknown' },
  locked: 'Locked',
  unlocked: 'Unlocked',
  logoutIn: { days: 'Signed out automatically in {{count}} day(s)', hours: 'Signed out automatically in {{count}} hour(s)', minutes: 'Signed out automatically in {{count}} minute(s)', seconds: 'Signed out automatically in {{count}} second(s)' },
  loggingOut: 'Signing you out…',
  ignitionLogout: 'Turning the ignition off checks you out automatically.',
  lockAfter: 'The vehicle locks {{count}} minute(s) after you check out.',
};
