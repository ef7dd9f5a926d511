import { z } from 'zod';
import { attributeFlag, attributeNumber, rastroAttributeKeys } from './attribute-keys';
import { userSchema } from './traccar';

/** SPEC §4 account states the gateway keeps: `suspended` is for non-payment (a trust unlock may be possible once). */
export const accountStates = ['active', 'suspended'] as const;
export type AccountStateName = (typeof accountStates)[number];

const reasonSchema = z.string().trim().min(1).max(500).nullable();

/** `PUT /rastro/users/{id}/account-state`: an administrator suspends (with a reason) or reactivates an account. */
export const accountStateUpdateSchema = z
  .object({
    state: z.enum(accountStates),
    /** Why the account is suspended (an overdue invoice…); null to reactivate. */
    reason: reasonSchema,
  })
  .refine((value) => value.state === 'active' || value.reason !== null, { message: 'A suspension needs a reason', path: ['reason'] });
export type AccountStateUpdate = z.infer<typeof accountStateUpdateSchema>;

/** A user's account state as the gateway answers it (active unless suspended). */
export const accountStateSchema = z.object({
  state: z.enum(accountStates),
  /** Why the account was suspended; kept during a trust period, whose end resumes the suspension. Null otherwise. */
  reason: reasonSchema,
  /** When the running trust period ends (ISO); null when the account is not on trust. */
  trustEndsAt: z.string().nullable(),
  /** When this suspension's one trust unlock was used (ISO); null while unused. Reactivating clears it. */
  trustUnlockUsedAt: z.string().nullable(),
});
export type AccountState = z.infer<typeof accountStateSchema>;

/** `POST /rastro/billing/trust-unlock`: the credentials the suspended account could not sign in with. */
export const trustUnlockRequestSchema = z.object({
  email: z.string().trim().min(1).max(256),
  password: z.string().min(1).max(256),
});
export type TrustUnlockRequest = z.infer<typeof trustUnlockRequestSchema>;

/** Its answer, with the session cookie set: the account is active (and signed in) until `trustEndsAt`. */
export const trustUnlockResultSchema = z.object({
  user: userSchema,
  trustEndsAt: z.string(),
});
export type TrustUnlockResult = z.infer<typeof trustUnlockResultSchema>;

/** The most trust days a user's billing fields may grant. */
export const TRUST_DAYS_MAX = 365;

/**
 * Days of trust the user's billing fields grant (`rastro.billing.trustUnlock` on, and
 * `rastro.billing.trustDays` a whole number from 1 to TRUST_DAYS_MAX), or null when they grant none.
 */
export function trustUnlockDays(attributes: Record<string, unknown> | undefined): number | null {
  if (!attributeFlag(attributes, rastroAttributeKeys.billingTrustUnlock)) return null;
  const days = attributeNumber(attributes, rastroAttributeKeys.billingTrustDays);
  return days !== undefined && Number.isInteger(days) && days >= 1 && days <= TRUST_DAYS_MAX ? days : null;
}
