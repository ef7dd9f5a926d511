import type { FastifyRequest } from 'fastify';
import { ApiError } from '../product/api-errors';
import type { CallerResolver } from '../traccar/caller-resolver';
import { credentialsOf } from '../traccar/traccar-client';
import type { AccountStateStore } from './account-state-store';

/**
 * A suspended account writes nothing through the product API either (the /api proxy refuses it
 * already): shares, devices by IMEI, themes… 401 ACCOUNT_IS_SUSPENDED, as on /api. Issue 14's
 * role matrix found product writes open to it.
 */
export function refuseSuspendedWriter(callers: CallerResolver, accountStates: Pick<AccountStateStore, 'get'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await callers.resolve(credentialsOf(request.headers));
    if (user && (await accountStates.get(user.id)).state === 'suspended') throw new ApiError(401, 'ACCOUNT_IS_SUSPENDED', 'This account is suspended');
  };
}
