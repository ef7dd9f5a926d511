import type { FastifyRequest } from 'fastify';
import { isAllowed, rastroAttributeKeys, attributeFlag, SHARE_MAX_DAYS, serverSchema, type CreatedShare, type Edition, type Share, type ShareInput, type User } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import type { SecretBox } from '../integrations/secret-box';
import { isQrDriver, isReadonlyAccount } from '../policy/account-rules';
import { ApiError } from '../product/api-errors';
import { credentialsOf, type TraccarClient } from '../traccar/traccar-client';
import type { TrackerSession } from '../traccar/tracker-sessions';
import type { ShareTrackerUsers } from './share-tracker-user';
import { publicShare, type ShareStore, type StoredShare } from './share-store';
import { hashShareToken, newSharePassword, newShareToken } from './share-token';

export interface ShareServiceOptions {
  store: ShareStore;
  users: ShareTrackerUsers;
  /** For checks made with the caller's own credentials (which devices it reaches). */
  traccar: TraccarClient;
  secrets: SecretBox;
  audit: AuditLog;
  edition: Edition;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CLEANUP_BATCH = 100;

/**
 * Share links: who may make them, what they may show, and the tracker users behind them. Writes
 * expect a caller that has passed `requireMayShare` for that action (the routes ask it first).
 */
export class ShareService {
  constructor(private readonly options: ShareServiceOptions) {}

  async list(caller: User): Promise<Share[]> {
    const shares = await this.options.store.list(caller.administrator ? null : caller.id);
    return shares.map(publicShare);
  }

  async create(caller: User, input: ShareInput, request: FastifyRequest): Promise<CreatedShare> {
    const expiresAt = validExpiry(input.expiresAt);
    await this.requireReachable(request, input.deviceIds);

    const token = newShareToken();
    const password = newSharePassword();
    const trackerUser = await this.options.users.create({ name: input.name, expiresAt }, password);
    let share: StoredShare;
    try {
      await this.options.users.link(trackerUser.id, input.deviceIds);
      share = await this.options.store.insert({
        ownerUserId: caller.id,
        userId: trackerUser.id,
        name: input.name,
        tokenHash: hashShareToken(token),
        login: trackerUser.login,
        sealedPassword: this.options.secrets.seal(password),
        deviceIds: input.deviceIds,
        expiresAt,
      });
    } catch (error) {
      // No tracker user without its share row: it could never be cleaned up.
      await this.options.users.remove(trackerUser.id).catch(() => undefined);
      throw error;
    }
    await this.record(caller, 'create', share, request, input);
    return withLink(share, token);
  }

  async update(caller: User, id: number, input: ShareInput, request: FastifyRequest): Promise<Share> {
    const before = await this.ownedShare(caller, id);
    const expiresAt = validExpiry(input.expiresAt);
    const added = input.deviceIds.filter((deviceId) => !before.deviceIds.includes(deviceId));
    await this.requireReachable(request, added);

    await this.options.users.update(before.userId, { name: input.name, expiresAt });
    await this.options.users.link(before.userId, added);
    await this.options.users.unlink(before.userId, before.deviceIds.filter((deviceId) => !input.deviceIds.includes(deviceId)));
    const share = await this.options.store.update(id, { name: input.name, deviceIds: input.deviceIds, expiresAt });
    if (!share) throw notFound(id);
    await this.record(caller, 'update', share, request, input, publicShare(before));
    return publicShare(share);
  }

  /**
   * Only a token's hash is kept, so a link cannot be shown again: its owner gets a new one, and the
   * one sent before stops opening the map.
   */
  async newLink(caller: User, id: number, request: FastifyRequest): Promise<CreatedShare> {
    await this.ownedShare(caller, id);
    const token = newShareToken();
    const share = await this.options.store.replaceToken(id, hashShareToken(token));
    if (!share) throw notFound(id);
    await this.record(caller, 'newLink', share, request);
    return withLink(share, token);
  }

  async delete(caller: User, id: number, request: FastifyRequest): Promise<void> {
    const share = await this.ownedShare(caller, id);
    await this.remove(share);
    await this.record(caller, 'delete', share, request, undefined, publicShare(share));
  }

  /** Signs the browser in as the share's user: the tracking server's Set-Cookie and the user, or INVALID_SHARE. */
  async signIn(token: string, request: FastifyRequest): Promise<TrackerSession> {
    const share = await this.options.store.unexpiredByTokenHash(hashShareToken(token));
    const session = share ? await this.options.users.signIn(share.login, this.options.secrets.open(share.sealedPassword)) : null;
    if (!share || !session) throw new ApiError(403, 'INVALID_SHARE', 'Unknown or expired share link');
    await this.options.audit.record({ actor: { id: share.userId, name: share.name, email: share.login }, action: 'login', objectType: 'share', objectId: share.id, request });
    return session;
  }

  /** Removes expired shares and their tracker users (the cleanup job); returns how many went. */
  async removeExpired(): Promise<number> {
    let removed = 0;
    for (let expired = await this.options.store.expired(CLEANUP_BATCH); expired.length; expired = await this.options.store.expired(CLEANUP_BATCH)) {
      for (const share of expired) {
        await this.remove(share);
        await this.options.audit.record({ actor: null, action: 'delete', objectType: 'share', objectId: share.id, subjectUserId: share.userId, changes: { reason: 'expired' }, before: publicShare(share) });
      }
      removed += expired.length;
    }
    return removed;
  }

  private async remove(share: StoredShare): Promise<void> {
    await this.options.users.remove(share.userId);
    await this.options.store.delete(share.id);
  }

  /**
   * Shared-link users, QR drivers and read-only accounts never share; otherwise the advanced permission for shares decides
   * (SPEC §6). The routes ask it first, before reading the request.
   */
  async requireMayShare(caller: User, action: 'create' | 'edit' | 'delete'): Promise<void> {
    if (attributeFlag(caller.attributes, rastroAttributeKeys.isShared)) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'A shared-link user cannot share');
    if (isQrDriver(caller)) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'A QR driver account cannot share');
    if (caller.administrator) return;
    const server = serverSchema.parse(await this.options.traccar.json<unknown>({ path: '/api/server' }));
    // A share link creates a tracking-server user: a read-only account changes nothing, links included.
    if (isReadonlyAccount(caller, server)) throw new ApiError(403, 'ACCOUNT_IS_READONLY', 'This account is read-only');
    if (!isAllowed({ user: caller, server, paidEdition: this.options.edition === 'paid' }, 'shares', action)) {
      throw new ApiError(403, 'WRITE_ACCESS_DENIED', `No permission to ${action} shares`);
    }
  }

  /** Every device must be one the caller reaches itself, asked with its own credentials. */
  private async requireReachable(request: FastifyRequest, deviceIds: readonly number[]): Promise<void> {
    if (deviceIds.length === 0) return;
    const query = deviceIds.map((deviceId) => `id=${deviceId}`).join('&');
    const reached = await this.options.traccar.json<{ id: number }[]>({ path: `/api/devices?${query}`, credentials: credentialsOf(request.headers) });
    const reachable = new Set(reached.map((device) => device.id));
    const missing = deviceIds.filter((deviceId) => !reachable.has(deviceId));
    if (missing.length) throw new ApiError(403, 'WRITE_ACCESS_DENIED', `Devices not reachable: ${missing.join(', ')}`, ['deviceIds']);
  }

  /** The caller's share (any share for an administrator); someone else's is as good as missing. */
  private async ownedShare(caller: User, id: number): Promise<StoredShare> {
    const share = await this.options.store.byId(id);
    if (!share || (!caller.administrator && share.ownerUserId !== caller.id)) throw notFound(id);
    return share;
  }

  private record(caller: User, action: string, share: StoredShare, request: FastifyRequest, changes?: ShareInput, before?: Share): Promise<void> {
    return this.options.audit.record({ actor: caller, action, objectType: 'share', objectId: share.id, subjectUserId: share.userId, changes, before, request });
  }
}

function notFound(id: number): ApiError {
  return new ApiError(404, 'NOT_FOUND', `No share ${id}`);
}

/** In the future and at most SHARE_MAX_DAYS ahead: a link is temporary by definition. */
function validExpiry(iso: string): Date {
  const expiresAt = new Date(iso);
  const now = Date.now();
  if (expiresAt.getTime() <= now) throw new ApiError(400, 'INVALID_INPUT', 'expiresAt must be in the future', ['expiresAt']);
  if (expiresAt.getTime() > now + SHARE_MAX_DAYS * DAY_MS) throw new ApiError(400, 'INVALID_INPUT', `expiresAt must be at most ${SHARE_MAX_DAYS} days ahead`, ['expiresAt']);
  return expiresAt;
}

/** The one answer that carries a token: the share and the page to send. */
function withLink(share: StoredShare, token: string): CreatedShare {
  return { ...publicShare(share), token, url: `/share/${token}` };
}
