import { createHash } from 'node:crypto';
import type { Database } from '@rastro/db';
import type { SecretBox } from '../integrations/secret-box';
import type { SocketRelay } from '../proxy/socket-relay';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { Credentials, TraccarClient } from '../traccar/traccar-client';

/** Older than Traccar keeps an idle session by default (30 min) many times over: gone anyway. */
const FORGET_AFTER_DAYS = 7;

interface SessionRow {
  credential_hash: string;
  sealed_credentials: string;
}

/**
 * Logging a QR driver out (SPEC §3: "log out after a delay", "log out when ignition goes off").
 * Traccar ends a session only when that session itself calls `DELETE /api/session`; it has no call
 * that ends another user's sessions. So the gateway remembers (sealed, like any secret) the
 * session cookies each QR driver used on the driver screen (`POST /rastro/qr-driver`) and, at a
 * logout, sends `DELETE /api/session` with each of them, then forgets them. Kept in the database,
 * so whichever gateway instance runs the logout job reaches sessions seen by any instance.
 */
export class DriverSessions {
  constructor(
    private readonly deps: { db: Database; secrets: SecretBox; traccar: TraccarClient; callers: CallerResolver; relay?: Pick<SocketRelay, 'endSession'> },
  ) {}

  /** Remembers the session these credentials carry (only cookies: Basic credentials and tokens are no session). */
  async remember(userId: number, credentials: Credentials): Promise<void> {
    if (!credentials.cookie?.includes('JSESSIONID=')) return;
    const { db, secrets } = this.deps;
    await db.query(
      `INSERT INTO rastro_driver_sessions (credential_hash, user_id, sealed_credentials) VALUES ($1, $2, $3)
       ON CONFLICT (credential_hash) DO UPDATE SET user_id = $2, seen_at = now()`,
      [hashOf(credentials), userId, secrets.seal(JSON.stringify({ cookie: credentials.cookie }))],
    );
    await db.query(`DELETE FROM rastro_driver_sessions WHERE user_id = $1 AND seen_at < now() - interval '${FORGET_AFTER_DAYS} days'`, [userId]);
  }

  /** Ends every remembered session of the user on the tracking server; how many it ended. */
  async endAll(userId: number): Promise<number> {
    const { db, secrets, traccar, callers } = this.deps;
    const rows = await db.query<SessionRow>('DELETE FROM rastro_driver_sessions WHERE user_id = $1 RETURNING credential_hash, sealed_credentials', [userId]);
    let ended = 0;
    for (const row of rows) {
      const credentials = JSON.parse(secrets.open(row.sealed_credentials)) as Credentials;
      const response = await traccar.send({ method: 'DELETE', path: '/api/session', credentials });
      await response.body?.cancel();
      // The gateway's own short cache of who these credentials are must not outlive the session.
      callers.forget(credentials);
      // Traccar leaves a socket of an ended session open: this gateway's relays of it close now.
      if (credentials.cookie) this.deps.relay?.endSession(credentials.cookie);
      if (response.status < 400) ended += 1;
    }
    return ended;
  }
}

function hashOf(credentials: Credentials): string {
  return createHash('sha256').update(credentials.cookie ?? '').digest('hex');
}
