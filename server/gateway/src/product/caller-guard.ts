import type { FastifyRequest } from 'fastify';
import type { Edition, User } from '@rastro/shared/contract';
import type { CallerResolver } from '../traccar/caller-resolver';
import { credentialsOf } from '../traccar/traccar-client';
import { ApiError } from './api-errors';

/** The signed-in caller of a product route, or 401 USER_NOT_AUTHED (SPEC §8: "refresh the page"). */
export async function requireCaller(callers: CallerResolver, request: FastifyRequest): Promise<User> {
  const user = await callers.resolve(credentialsOf(request.headers));
  if (!user) throw new ApiError(401, 'USER_NOT_AUTHED', 'Sign in again');
  return user;
}

/** Refuses paid-edition features (logs, integrations, themes, billing) in the free edition. */
export function requirePaidEdition(edition: Edition, feature: string): void {
  if (edition !== 'paid') throw new ApiError(403, 'PAID_EDITION_REQUIRED', `${feature} are part of the paid edition`);
}

/** An administrator, in the paid edition: who may use the paid-edition admin features. */
export async function requirePaidAdministrator(callers: CallerResolver, request: FastifyRequest, edition: Edition, feature: string): Promise<User> {
  const admin = await requireAdministrator(callers, request);
  requirePaidEdition(edition, feature);
  return admin;
}

/** The caller, who must be an administrator of the tracking server (403 WRITE_ACCESS_DENIED otherwise). */
export async function requireAdministrator(callers: CallerResolver, request: FastifyRequest): Promise<User> {
  const user = await requireCaller(callers, request);
  if (!user.administrator) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'Administrators only');
  return user;
}
