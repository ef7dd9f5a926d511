import { attributeFlag, rastroAttributeKeys, useSessionStore } from '@rastro/shared/core';
import type { User } from '@rastro/shared/core';
import type { SessionView } from '../routing/guard';

/** SPEC §6: a shared-link user (Traccar's `isShared`) sees a temporary map and an expiry countdown. */
export function isSharedUser(user: Pick<User, 'attributes'>): boolean {
  return attributeFlag(user.attributes, rastroAttributeKeys.isShared);
}

/** SPEC §6: a QR driver account. The attribute holds a flag or the driver's id: any set value counts. */
export function isQrDriver(user: Pick<User, 'attributes'>): boolean {
  const value = user.attributes?.[rastroAttributeKeys.isQrDriverId];
  return value !== undefined && value !== null && value !== false && value !== 'false' && value !== 0 && value !== '' && value !== '0';
}

export function sessionViewOf(status: 'unknown' | 'authenticated' | 'anonymous', user: User | null): SessionView {
  if (status === 'unknown') return 'unknown';
  if (status === 'anonymous' || !user) return 'anonymous';
  return isQrDriver(user) ? 'driver' : 'user';
}

export function useSessionView(): SessionView {
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  return sessionViewOf(status, user);
}
