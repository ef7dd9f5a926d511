import type { FastifyRequest } from 'fastify';
import { trustUnlockDays, type TrustUnlockRequest, type User } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import type { ClusterEvents } from '../cluster/cluster-events';
import type { JobQueue } from '../jobs/job-queue';
import { ApiError } from '../product/api-errors';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { TraccarClient } from '../traccar/traccar-client';
import { endTrackerSession, openTrackerSession, type TrackerSession } from '../traccar/tracker-sessions';
import type { AccountStateStore } from './account-state-store';

/** The one-off job that resumes a suspension when its trust period ends. */
export const TRUST_END_JOB = 'account-trust-end';
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface TrustUnlocksOptions {
  store: AccountStateStore;
  traccar: TraccarClient;
  jobs: JobQueue;
  audit: AuditLog;
  /** Attempts per address and login (the endpoint takes a password). */
  limiter: RateLimiter;
  /** Every gateway: an unlock is read anew everywhere, and a resumed suspension closes the user's sockets. */
  cluster?: Pick<ClusterEvents, 'publish'>;
  /** How long a trust day lasts: a day, except in tests. */
  dayMs: number;
}

/**
 * SPEC §4: a suspended account may unlock itself on trust once per suspension, when its billing
 * fields allow it, for their number of trust days; then the suspension resumes (a job).
 */
export class TrustUnlocks {
  constructor(private readonly options: TrustUnlocksOptions) {}

  /** Checks the credentials as the login does, then unlocks: the session it opened is the caller's to keep. */
  async unlock(input: TrustUnlockRequest, request: FastifyRequest): Promise<{ session: TrackerSession; trustEndsAt: Date }> {
    const { traccar, limiter } = this.options;
    await limiter.hit(`trust-unlock\n${request.ip}\n${input.email.toLowerCase()}`);
    const session = await openTrackerSession(traccar, input.email, input.password);
    if (!session) throw new ApiError(401, 'HTTP_401_UNAUTHORIZED', 'Invalid user and password combination');
    try {
      const trustEndsAt = await this.begin(session.user, session.user, request, true);
      return { session, trustEndsAt };
    } catch (error) {
      await endTrackerSession(traccar, session.cookie).catch(() => undefined);
      throw error;
    }
  }

  /**
   * SPEC §4's admin action "trust unlock" (billing management): the same once-per-suspension unlock,
   * given by an administrator for the user's trust days (a day when its billing fields set none:
   * the administrator decided to trust it).
   */
  async grant(user: User, actor: User, request: FastifyRequest): Promise<Date> {
    return this.begin(user, actor, request, false);
  }

  private async begin(user: User, actor: User, request: FastifyRequest, selfService: boolean): Promise<Date> {
    const { store, jobs, audit, dayMs } = this.options;
    const before = await store.get(user.id);
    // Used already, whether its period still runs or ended and the suspension resumed.
    if (before.trustUnlockUsedAt !== null) throw alreadyUsed();
    if (before.state !== 'suspended') throw new ApiError(409, 'ACCOUNT_NOT_SUSPENDED', selfService ? 'The account is not suspended: sign in' : 'The account is not suspended');
    const days = trustUnlockDays(user.attributes) ?? (selfService ? null : 1);
    if (days === null) throw new ApiError(403, 'TRUST_UNLOCK_NOT_ALLOWED', 'This account has no trust unlock');
    const periodMs = days * dayMs;
    const trustEndsAt = await store.startTrust(user.id, periodMs, actor.id);
    // Lost to a simultaneous unlock of the same account.
    if (!trustEndsAt) throw alreadyUsed();
    await this.options.cluster?.publish({ name: 'accountStateChanged', payload: { userId: user.id, state: 'active' } });
    // Queued after the period began, with the same length: it never runs before the period's end.
    await jobs.enqueue(TRUST_END_JOB, { userId: user.id }, { runAt: new Date(Date.now() + periodMs) });
    await audit.record({ actor, action: 'trustUnlock', objectType: 'accountState', objectId: user.id, subjectUserId: user.id, changes: { state: 'active', trustDays: days, trustEndsAt: trustEndsAt.toISOString() }, before, request });
    return trustEndsAt;
  }

  /** The job: the suspension resumes when the trust period has ended (unless reactivated or suspended again meanwhile). */
  async endIfDue(userId: number): Promise<void> {
    const resumed = await this.options.store.endTrustIfDue(userId);
    if (!resumed) return;
    await this.options.cluster?.publish({ name: 'accountStateChanged', payload: { userId, state: 'suspended' } });
    await this.options.audit.record({ actor: null, action: 'trustEnded', objectType: 'accountState', objectId: userId, subjectUserId: userId, changes: { state: 'suspended', reason: resumed.reason } });
  }
}

function alreadyUsed(): ApiError {
  return new ApiError(409, 'TRUST_UNLOCK_ALREADY_USED', 'The trust unlock of this suspension was already used');
}
