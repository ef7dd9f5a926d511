import { toAttributes, toDate, toNumber, type Database } from '@rastro/db';
import { formatDate } from '../entities/dates';

/** One audited write, as Traccar's ActionLogger stores it (its Action model). */
export interface NewAction {
  address: string | null;
  userId: number;
  /** create, edit, remove, link, unlink, login, logout, accumulators, command. */
  actionType: string;
  /** The object's kind: device, group, geofence, user, server… */
  objectType: string;
  objectId: number;
  attributes?: Record<string, unknown>;
}

/** The audit log (`GET /api/audit`): written as the API changes things, read by administrators. */
export class AuditLog {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(action: NewAction): Promise<void> {
    await this.db.query(
      'INSERT INTO actions (actiontime, address, userid, actiontype, objecttype, objectid, attributes) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)',
      [this.now(), action.address, action.userId, action.actionType, action.objectType, action.objectId, JSON.stringify(action.attributes ?? {})],
    );
  }

  /** Actions between two instants, oldest first, with the acting user's email (Traccar's Action JSON). */
  async between(from: Date, to: Date) {
    const rows = await this.db.query(
      `SELECT a.*, u.email AS useremail FROM actions a LEFT JOIN users u ON u.id = a.userid
       WHERE a.actiontime BETWEEN $1 AND $2 ORDER BY a.actiontime, a.id`,
      [from, to],
    );
    return rows.map((row) => ({
      id: toNumber(row.id),
      actionTime: formatDate(toDate(row.actiontime)),
      address: typeof row.address === 'string' ? row.address : null,
      userId: toNumber(row.userid),
      userEmail: typeof row.useremail === 'string' ? row.useremail : null,
      actionType: String(row.actiontype),
      objectType: String(row.objecttype),
      objectId: toNumber(row.objectid),
      attributes: toAttributes(row.attributes),
    }));
  }
}
