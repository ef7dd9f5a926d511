import { attributeFlag, rastroAttributeKeys } from '@rastro/shared/contract';
import { isRecord } from './write-routes';
import { refuse, type WriteContext, type WriteRule } from './write-context';

/** Shared-link users only look at a map. */
const sharedUsersNeverWrite: WriteRule = ({ caller }) => {
  if (attributeFlag(caller.attributes, rastroAttributeKeys.isShared)) refuse(403, 'WRITE_ACCESS_DENIED', 'A shared link cannot change anything');
};

/** QR-code drivers use the driver screens (the product API), never the tracking API's writes. The attribute holds the driver's id, or true. */
const qrDriversOnlyDrive: WriteRule = ({ caller }) => {
  const driver = caller.attributes[rastroAttributeKeys.isQrDriverId];
  if (driver !== undefined && driver !== null && driver !== false && driver !== 'false' && driver !== '' && driver !== 0) {
    refuse(403, 'WRITE_ACCESS_DENIED', 'A QR driver account only checks in and out');
  }
};

/** Traccar's restrictions hold when either the user or the whole server sets them; never for administrators. */
function restricted({ caller, server }: WriteContext, flag: 'readonly' | 'deviceReadonly' | 'limitCommands'): boolean {
  return !caller.administrator && (caller[flag] === true || server[flag] === true);
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

/** limitCommands: saved commands (sent by id) only, no ad-hoc ones. */
const limitedCommands: WriteRule = (context) => {
  if (context.route?.pattern !== '/api/commands/send' || !restricted(context, 'limitCommands')) return;
  const savedId = isRecord(context.write.body) ? context.write.body.id : undefined;
  if (!(typeof savedId === 'number' && savedId > 0)) refuse(403, 'WRITE_ACCESS_DENIED', 'This account may only send saved commands');
};

/** Who may write at all, from the kind and state of the account. */
export const accountRules: readonly WriteRule[] = [sharedUsersNeverWrite, qrDriversOnlyDrive, readonlyAccounts, deviceReadonlyAccounts, limitedCommands];
