import { attributeFlag, rastroAttributeKeys, type Server, type User } from '@rastro/shared/contract';
import { isRecord } from './write-routes';
import { refuse, type WriteContext, type WriteRule } from './write-context';

/** Shared-link users only look at a map. */
const sharedUsersNeverWrite: WriteRule = ({ caller }) => {
  if (attributeFlag(caller.attributes, rastroAttributeKeys.isShared)) refuse(403, 'WRITE_ACCESS_DENIED', 'A shared link cannot change anything');
};

/** QR-code drivers use the driver screens (the product API), never the tracking API's writes. */
const qrDriversOnlyDrive: WriteRule = ({ caller }) => {
  if (isQrDriver(caller)) refuse(403, 'WRITE_ACCESS_DENIED', 'A QR driver account only checks in and out');
};

/** A QR-code driver's account: `rastro.isQrDriverId` holds the driver's id, or true. */
export function isQrDriver(user: User): boolean {
  const driver = user.attributes[rastroAttributeKeys.isQrDriverId];
  return driver !== undefined && driver !== null && driver !== false && driver !== 'false' && driver !== '' && driver !== 0;
}

/** Whether Traccar's `readonly` restriction holds for this user (see restricted). */
export function isReadonlyAccount(user: User, server: Server): boolean {
  return restrictedAccount(user, server, 'readonly');
}

/** Writes only an administrator makes (see WriteRoute.adminOnly). */
const administratorsOnly: WriteRule = ({ route, caller }) => {
  if (route?.adminOnly && !caller.administrator) refuse(403, 'WRITE_ACCESS_DENIED', 'Administrators only');
};

/** Traccar's restrictions hold when either the user or the whole server sets them; never for administrators. */
function restrictedAccount(user: User, server: Server, flag: 'readonly' | 'deviceReadonly' | 'limitCommands'): boolean {
  return !user.administrator && (user[flag] === true || server[flag] === true);
}

function restricted({ caller, server }: WriteContext, flag: 'readonly' | 'deviceReadonly' | 'limitCommands'): boolean {
  return restrictedAccount(caller, server, flag);
}

/** A read-only account may still edit its own account (password, preferences), as in Traccar. */
const readonlyAccounts: WriteRule = (context) => {
  const { write, caller } = context;
  const ownAccount = write.method === 'PUT' && context.route?.pattern === '/api/users/:id' && write.id === caller.id;
  if (restricted(context, 'readonly') && !ownAccount) refuse(403, 'ACCOUNT_IS_READONLY', 'This account is read-only');
};

const deviceReadonlyAccounts: WriteRule = (context) => {
  if (context.route?.deviceWrite && restricted(context, 'deviceReadonly')) refuse(403, 'ACCOUNT_IS_DEVICE_READONLY', 'This account cannot change devices');
};

/** limitCommands: saved commands (sent by id) only, no ad-hoc ones, and the saved ones stay as they are (as in Traccar). */
const limitedCommands: WriteRule = (context) => {
  const pattern = context.route?.pattern;
  if (!pattern?.startsWith('/api/commands') || !restricted(context, 'limitCommands')) return;
  if (pattern !== '/api/commands/send') refuse(403, 'WRITE_ACCESS_DENIED', 'This account cannot change saved commands');
  const savedId = isRecord(context.write.body) ? context.write.body.id : undefined;
  if (!(typeof savedId === 'number' && savedId > 0)) refuse(403, 'WRITE_ACCESS_DENIED', 'This account may only send saved commands');
};

/** Who may write at all, from the kind and state of the account. */
export const accountRules: readonly WriteRule[] = [sharedUsersNeverWrite, qrDriversOnlyDrive, readonlyAccounts, deviceReadonlyAccounts, administratorsOnly, limitedCommands];
