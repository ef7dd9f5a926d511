import { trustUnlockDays, type AccountState, type SuspendedInvoice, type User } from '@rastro/shared/contract';

/** Whether this suspension's one trust unlock is there to take: the user's billing fields allow it, and it is unused. */
export function trustUnlockAvailable(user: Pick<User, 'attributes'>, state: AccountState): boolean {
  return state.state === 'suspended' && state.trustUnlockUsedAt === null && trustUnlockDays(user.attributes) !== null;
}

/**
 * SPEC §8 ACCOUNT_IS_SUSPENDED, in the shape the shell's login screen reads (see @rastro/shared
 * loginFailure), as the JSON text of a 401, with the user's open invoices and their pay links.
 */
export function suspendedAnswer(user: Pick<User, 'attributes'>, state: AccountState, invoices: SuspendedInvoice[] = []): string {
  return JSON.stringify({ error: { code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: trustUnlockAvailable(user, state), invoices } });
}
