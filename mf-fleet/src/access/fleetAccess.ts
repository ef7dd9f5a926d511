import { UNLIMITED, attributeNumber, isAllowed, rastroAttributeKeys, serverFeatureOn } from '@rastro/shared';
import type { Licence, Server, User } from '@rastro/shared';
import type { EditableArea } from '../entity/entityDefinition';

/** What the signed-in user may do on the fleet screens (SPEC §6): advanced permissions and account flags. */
export interface FleetAccess {
  /** Create, edit or delete an entity of this area. */
  canWrite(area: EditableArea, action: 'create' | 'edit' | 'delete'): boolean;
  devices: { anchor: boolean; lock: boolean; unlock: boolean; command: boolean; share: boolean; qrCode: boolean };
  /** `limitCommands`: only saved commands may be sent. */
  savedCommandsOnly: boolean;
}

export interface AccessInputs {
  user: User;
  server: Server | null;
  licence: Licence | null;
}

const flag = (value: unknown) => value === true || value === 'true';

/**
 * The front end hides what the gateway would refuse (it refuses anyway): read-only accounts write
 * nothing, device-read-only accounts no device, shared-link users nothing at all; otherwise the
 * advanced permission of the area decides.
 */
export function fleetAccess({ user, server, licence }: AccessInputs): FleetAccess {
  const admin = Boolean(user.administrator);
  const shared = flag(user.attributes[rastroAttributeKeys.isShared]);
  const readonly = !admin && (shared || Boolean(user.readonly) || Boolean(server?.readonly));
  const deviceReadonly = readonly || (!admin && (Boolean(user.deviceReadonly) || Boolean(server?.deviceReadonly)));
  const subject = { user, server: server ?? { attributes: {} }, paidEdition: (licence?.edition ?? 'paid') === 'paid' };
  const device = (action: 'anchor' | 'lock' | 'unlock' | 'command') => !readonly && isAllowed(subject, 'devices', action);
  // The server's switches (SPEC §3) take the lock/unlock buttons and the check-in QR code off the detail for everyone.
  const lockButtons = serverFeatureOn(server?.attributes, 'lockButtons');
  return {
    canWrite: (area, action) => (area === 'devices' ? !deviceReadonly : !readonly) && isAllowed(subject, area, action),
    devices: {
      anchor: device('anchor'),
      lock: lockButtons && device('lock'),
      unlock: lockButtons && device('unlock'),
      command: device('command'),
      share: !readonly && isAllowed(subject, 'shares', 'create'),
      qrCode: !shared && serverFeatureOn(server?.attributes, 'qrCheckIn') && isAllowed(subject, 'devices', 'view'),
    },
    savedCommandsOnly: !admin && (Boolean(user.limitCommands) || Boolean(server?.limitCommands)),
  };
}

export interface DeviceLimitInputs {
  /** Devices the user sees now. */
  deviceCount: number;
  licence: Licence | null;
  server: Server | null;
  user: User;
}

/** Which SPEC §5 device limit is reached: the licence (the server's header), the server's `rastro.deviceLimit`, or the user's own. */
export type DeviceLimitReason = 'licence' | 'server' | 'user';

/**
 * SPEC §5: creation is blocked when any limit is reached. The gateway's header carries the licence's
 * remaining allowance (so 0 left means reached; -1 none), the server attribute a cap above 0, the
 * user's own `deviceLimit` a cap unless -1. The gateway checks again on POST. Null: none reached.
 */
export function deviceLimitReason({ deviceCount, licence, server, user }: DeviceLimitInputs): DeviceLimitReason | null {
  if (licence && licence.remainingDevices !== UNLIMITED && licence.remainingDevices <= 0) return 'licence';
  // The server cap counts the whole installation; the devices seen here are the best count the page has.
  const serverLimit = attributeNumber(server?.attributes, rastroAttributeKeys.deviceLimit) ?? 0;
  if (serverLimit > 0 && deviceCount >= serverLimit) return 'server';
  if (user.administrator) return null;
  const userLimit = user.deviceLimit ?? UNLIMITED;
  return userLimit !== UNLIMITED && deviceCount >= userLimit ? 'user' : null;
}

export function deviceLimitReached(inputs: DeviceLimitInputs): boolean {
  return deviceLimitReason(inputs) !== null;
}
