import type { AccountStateStore } from '../account-state/account-state-store';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { Credentials } from '../traccar/traccar-client';
import type { SocketAdmission } from './socket-relay';

/** What a suspended account's new socket, or one with a token that is not valid, is refused with: the tracking server's own answer to no session. */
export const SOCKET_REFUSED = 401;

/**
 * Ties each socket to its user, so a suspension can close it, and refuses a suspended account's.
 * The user is the session of the upgrade's cookie (or Authorization), else its `?token=`'s — the
 * tracking server takes either — so a socket opened with a token is closed by a suspension too.
 */
export function socketAdmission({ callers, accountStates }: { callers: CallerResolver; accountStates: Pick<AccountStateStore, 'get'> }) {
  return async (credentials: Credentials, token: string | null): Promise<SocketAdmission> => {
    const user = (await callers.resolve(credentials)) ?? (token === null ? null : await callers.resolveToken(token));
    if (!user) return token === null ? { userId: null } : { userId: null, refuse: SOCKET_REFUSED };
    return { userId: user.id, refuse: (await accountStates.get(user.id)).state === 'suspended' ? SOCKET_REFUSED : undefined };
  };
}
