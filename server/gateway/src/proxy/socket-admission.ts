import { DatabaseUnavailableError } from '@rastro/db';
import type { AccountStateStore } from '../account-state/account-state-store';
import { AmbiguousCredentialsError, type CallerResolver } from '../traccar/caller-resolver';
import type { Credentials } from '../traccar/traccar-client';
import type { SocketAdmission } from './socket-relay';
import { NO_SESSION } from './socket-login';

/**
 * Ties each socket to its user, so a suspension can close it, and refuses a suspended account's.
 * The user is the one the socket is relayed as (socketCaller): its token's, else its session
 * cookie's — so a socket opened with a token is closed by a suspension too. Both refusals are
 * the tracking server's own answer to no session.
 */
export function socketAdmission({ callers, accountStates }: { callers: CallerResolver; accountStates: Pick<AccountStateStore, 'get'> }) {
  return async (caller: Credentials): Promise<SocketAdmission> => {
    let user;
    try {
      user = await callers.resolve(caller);
    } catch (error) {
      // Two session cookies of different users: no one socket to relay.
      if (error instanceof AmbiguousCredentialsError) return { userId: null, refuse: NO_SESSION };
      throw error;
    }
    // A token the tracking server does not know is refused here; a cookie without a session is left to it.
    if (!user) return caller.authorization === undefined ? { userId: null } : { userId: null, refuse: NO_SESSION };
    try {
      return { userId: user.id, refuse: (await accountStates.get(user.id)).state === 'suspended' ? NO_SESSION : undefined };
    } catch (error) {
      // Without the database nobody can tell a suspended account: refused, the browser retries (503).
      if (error instanceof DatabaseUnavailableError) return { userId: user.id, refuse: 503 };
      throw error;
    }
  };
}
