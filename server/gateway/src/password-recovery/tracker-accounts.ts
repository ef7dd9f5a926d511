import type { User } from '@rastro/shared/contract';
import type { ServiceAccount } from '../traccar/service-account';

/**
 * The account behind an email, found with the gateway's service account (Traccar has no lookup by
 * email: the whole list, matched case-insensitively). Disabled accounts are not found: they could
 * not sign in with a new password anyway.
 */
export async function findAccountByEmail(serviceAccount: ServiceAccount, email: string): Promise<User | null> {
  const users = await serviceAccount.json<User[]>({ path: '/api/users' });
  const wanted = email.trim().toLowerCase();
  return users.find((user) => user.email.toLowerCase() === wanted && !user.disabled) ?? null;
}

/** Sets a user's password: Traccar's PUT wants the whole user, so the current one is read first. */
export async function setAccountPassword(serviceAccount: ServiceAccount, userId: number, password: string): Promise<User> {
  const user = await serviceAccount.json<User>({ path: `/api/users/${userId}` });
  await serviceAccount.json<User>({ method: 'PUT', path: `/api/users/${userId}`, json: { ...user, password } });
  return user;
}
