import { randomBytes } from 'node:crypto';
import { rastroAttributeKeys, type User } from '@rastro/shared/contract';
import type { ServiceAccount } from '../traccar/service-account';
import { TraccarCallError, type TraccarClient } from '../traccar/traccar-client';
import { openTrackerSession, type TrackerSession } from '../traccar/tracker-sessions';

/** The tracking-server user behind a share, as the gateway creates it. */
export interface ShareUserSpec {
  name: string;
  expiresAt: Date;
}

// Never delivered anywhere: `.invalid` is reserved (RFC 2606), so no mail can reach a real inbox.
const LOGIN_DOMAIN = 'share.rastro.invalid';

/**
 * The share's temporary user on the tracking server, managed with the gateway's service account:
 * read-only for everything (its devices included), no commands, no reports, no devices or users
 * of its own, expiring with the link — so even its own session cannot change anything.
 */
export class ShareTrackerUsers {
  constructor(
    private readonly service: ServiceAccount,
    private readonly traccar: TraccarClient,
  ) {}

  async create(spec: ShareUserSpec, password: string): Promise<{ id: number; login: string }> {
    const login = `share-${randomBytes(8).toString('hex')}@${LOGIN_DOMAIN}`;
    const user = await this.service.json<User>({
      method: 'POST',
      path: '/api/users',
      json: {
        name: spec.name,
        email: login,
        password,
        readonly: true,
        deviceReadonly: true,
        limitCommands: true,
        disableReports: true,
        deviceLimit: 0,
        userLimit: 0,
        expirationTime: spec.expiresAt.toISOString(),
        attributes: { [rastroAttributeKeys.isShared]: true },
      },
    });
    return { id: user.id, login };
  }

  async update(userId: number, spec: ShareUserSpec): Promise<void> {
    // Traccar's PUT replaces the whole user: start from what it holds.
    const current = await this.service.json<User>({ path: `/api/users/${userId}` });
    await this.service.json({ method: 'PUT', path: `/api/users/${userId}`, json: { ...current, name: spec.name, expirationTime: spec.expiresAt.toISOString() } });
  }

  async link(userId: number, deviceIds: readonly number[]): Promise<void> {
    for (const deviceId of deviceIds) await this.service.json({ method: 'POST', path: '/api/permissions', json: { userId, deviceId } });
  }

  async unlink(userId: number, deviceIds: readonly number[]): Promise<void> {
    for (const deviceId of deviceIds) await this.service.json({ method: 'DELETE', path: '/api/permissions', json: { userId, deviceId } });
  }

  /** Removes the user; already gone counts as done. */
  async remove(userId: number): Promise<void> {
    try {
      await this.service.json({ method: 'DELETE', path: `/api/users/${userId}` });
    } catch (error) {
      if (!(error instanceof TraccarCallError) || error.status !== 404) throw error;
    }
  }

  /** A fresh tracking-server session for the share's user: its Set-Cookie headers and the user. */
  signIn(login: string, password: string): Promise<TrackerSession | null> {
    return openTrackerSession(this.traccar, login, password);
  }
}
