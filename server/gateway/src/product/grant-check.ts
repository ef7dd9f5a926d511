import { isGrantAllowed, type Edition } from '@rastro/shared/contract';
import type { ServerSettings } from '../policy/server-settings';
import type { GrantCheck } from '../tenants/tenant-access';

/** Advanced permissions (SPEC §6) for product routes: the user's bits, the server's switch, the licence's edition. */
export function grantCheck(server: ServerSettings, edition: Edition): GrantCheck {
  return async (user, grant) => isGrantAllowed({ user, server: await server.get(), paidEdition: edition === 'paid' }, grant);
}
