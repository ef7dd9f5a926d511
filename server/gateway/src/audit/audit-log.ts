import type { FastifyRequest } from 'fastify';
import { toDate, toNumber, type Database } from '@rastro/db';
import type { AuditEntry, AuditPage, AuditQuery } from '@rastro/shared/contract';
import { redactSecrets } from './redact-secrets';
import { requestOrigin, type RequestOrigin } from './request-origin';

/** Who acted: a tracking-server user, or null for the gateway's own work. */
export interface AuditActor {
  id: number;
  name?: string | null;
  email?: string | null;
}

/** One write to remember. Secrets in `changes` and `before` are removed on the way in. */
export interface AuditEvent {
  actor: AuditActor | null;
  action: string;
  objectType: string;
  objectId?: number | null;
  /** The device concerned, if any besides the object itself. */
  deviceId?: number | null;
  /** The user concerned (a user edited, linked, shared with), if any. */
  subjectUserId?: number | null;
  changes?: unknown;
  before?: unknown;
  /** The request behind the write (domain, client address); omit for background work. */
  request?: FastifyRequest;
  origin?: RequestOrigin;
}

/** Whose history to read: everything, a device's, or a user's (as actor or as the object). */
export type AuditScope = { kind: 'server' } | { kind: 'device'; id: number } | { kind: 'user'; id: number };

interface AuditRow {
  id: unknown;
  at: unknown;
  at_micros: unknown;
  user_id: unknown;
  user_name: string | null;
  user_email: string | null;
  domain: string | null;
  client_ip: string | null;
  action: string;
  object_type: string;
  object_id: unknown;
  device_id: unknown;
  changes: unknown;
  before: unknown;
}

// `at_micros`: the instant exact to the column's microsecond, for the cursor (a Date keeps milliseconds).
const AUDIT_COLUMNS = 'id, at, (extract(epoch FROM at) * 1000000)::bigint AS at_micros, user_id, user_name, user_email, domain, client_ip, action, object_type, object_id, device_id, changes, before';

/** A page's end as `<epoch microseconds>.<id>`. */
const formatCursor = (row: AuditRow): string => `${String(row.at_micros)}.${String(row.id)}`;

function parseCursor(cursor: string): { micros: string; id: string } {
  const [micros = '0', id = '0'] = cursor.split('.');
  return { micros, id };
}

const nullableNumber = (value: unknown): number | null => (value === null || value === undefined ? null : toNumber(value));

/** The gateway's audit log (rastro_audit_log): writes recorded by the /api proxy and by product features. */
export class AuditLog {
  constructor(private readonly db: Database) {}

  /**
   * Throws DatabaseUnavailableError unless the log can be written now. Asked before a write goes on
   * to the tracking server, whose change could not be taken back if its row then failed.
   */
  async assertWritable(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  async record(event: AuditEvent): Promise<void> {
    const origin = event.origin ?? (event.request ? requestOrigin(event.request) : { domain: null, clientIp: null });
    const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(redactSecrets(value)));
    const deviceId = event.deviceId ?? (event.objectType === 'device' ? event.objectId : null) ?? null;
    const subjectUserId = event.subjectUserId ?? (event.objectType === 'user' ? event.objectId : null) ?? null;
    await this.db.query(
      `INSERT INTO rastro_audit_log (user_id, user_name, user_email, domain, client_ip, action, object_type, object_id, device_id, subject_user_id, changes, before)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb)`,
      [
        event.actor?.id ?? null,
        event.actor?.name ?? null,
        event.actor?.email ?? null,
        origin.domain,
        origin.clientIp,
        event.action,
        event.objectType,
        event.objectId ?? null,
        deviceId,
        subjectUserId,
        json(event.changes),
        json(event.before),
      ],
    );
  }

  /**
   * One page of a scope's history, newest first, from the cursor on (keyset paging: each filter has
   * an index ordered by `(at, id)`, so the first page and the thousandth cost the same, and no
   * count is taken — on a million rows it would cost more than the page itself).
   */
  async list(scope: AuditScope, query: AuditQuery): Promise<AuditPage> {
    const params: unknown[] = [];
    const where: string[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (scope.kind === 'device') where.push(`device_id = ${param(scope.id)}`);
    if (query.deviceId) where.push(`device_id = ${param(query.deviceId)}`);
    if (query.from) where.push(`at >= ${param(query.from)}::timestamptz`);
    if (query.to) where.push(`at <= ${param(query.to)}::timestamptz`);
    if (query.action) where.push(`action = ${param(query.action)}`);
    if (query.objectType) where.push(`object_type = ${param(query.objectType)}`);
    if (query.userId) where.push(`user_id = ${param(query.userId)}`);
    if (query.cursor) {
      const cursor = parseCursor(query.cursor);
      where.push(`(at, id) < (timestamptz 'epoch' + ${param(cursor.micros)}::bigint * interval '1 microsecond', ${param(cursor.id)}::bigint)`);
    }
    const limit = param(query.limit + 1);
    const select = (extra: string) =>
      `SELECT ${AUDIT_COLUMNS} FROM rastro_audit_log WHERE ${[...where, extra].filter(Boolean).join(' AND ') || 'true'} ORDER BY at DESC, id DESC LIMIT ${limit}`;
    let sql: string;
    if (scope.kind === 'user') {
      // What the user did and what was done to it: two index ranges merged, so neither becomes a scan.
      const id = param(scope.id);
      sql = `SELECT * FROM ((${select(`user_id = ${id}`)}) UNION (${select(`subject_user_id = ${id}`)})) AS rows ORDER BY at DESC, id DESC LIMIT ${limit}`;
    } else {
      sql = select('');
    }
    const rows = await this.db.query<AuditRow>(sql, params);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return { items: page.map(toEntry), nextCursor: rows.length > query.limit && last ? formatCursor(last) : null, limit: query.limit };
  }

  /** Forgets rows older than `days`; returns how many went. */
  async purgeOlderThan(days: number): Promise<number> {
    const [removed] = await this.db.query<{ count: unknown }>(
      "WITH gone AS (DELETE FROM rastro_audit_log WHERE at < now() - $1::integer * interval '1 day' RETURNING 1) SELECT count(*) AS count FROM gone",
      [days],
    );
    return toNumber(removed?.count);
  }
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: toNumber(row.id),
    at: (toDate(row.at) ?? new Date(0)).toISOString(),
    userId: nullableNumber(row.user_id),
    userName: row.user_name,
    userEmail: row.user_email,
    domain: row.domain,
    clientIp: row.client_ip,
    action: row.action,
    objectType: row.object_type,
    objectId: nullableNumber(row.object_id),
    deviceId: nullableNumber(row.device_id),
    changes: row.changes,
    before: row.before,
  };
}
