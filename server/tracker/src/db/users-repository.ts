import { userFromRow, type UserRecord } from '../entities/user';
import { insertRow, toNumber, updateRow, type Database, type RowValues } from '@rastro/db';

export interface NewUser {
  name: string;
  login: string | null;
  email: string;
  hashedPassword: string;
  administrator: boolean;
  readonly: boolean;
  deviceLimit: number;
  userLimit: number;
  latitude?: number;
  longitude?: number;
  zoom?: number;
}

/** The user fields a client may write, as JSON names → columns (password is hashed separately). */
export const WRITABLE_USER_COLUMNS = {
  name: 'name',
  login: 'login',
  email: 'email',
  phone: 'phone',
  readonly: 'readonly',
  administrator: 'administrator',
  map: 'map',
  latitude: 'latitude',
  longitude: 'longitude',
  zoom: 'zoom',
  coordinateFormat: 'coordinateformat',
  disabled: 'disabled',
  expirationTime: 'expirationtime',
  deviceLimit: 'devicelimit',
  userLimit: 'userlimit',
  deviceReadonly: 'devicereadonly',
  limitCommands: 'limitcommands',
  disableReports: 'disablereports',
  fixedEmail: 'fixedemail',
  attributes: 'attributes',
} as const;

export type UserChanges = Partial<Record<keyof typeof WRITABLE_USER_COLUMNS, unknown>> & { hashedPassword?: string };

function columnsOf(changes: UserChanges): RowValues {
  const values: Array<[string, unknown]> = [];
  for (const [field, column] of Object.entries(WRITABLE_USER_COLUMNS)) {
    const value = changes[field as keyof typeof WRITABLE_USER_COLUMNS];
    if (value !== undefined) values.push([column, value]);
  }
  if (changes.hashedPassword) values.push(['hashedpassword', changes.hashedPassword]);
  return values;
}

// Managers reach the users they manage, and the users those manage, and so on.
const MANAGED_BY = `
  WITH RECURSIVE managed (id) AS (
    SELECT manageduserid FROM user_manageduser WHERE userid = $1
    UNION
    SELECT um.manageduserid FROM user_manageduser um JOIN managed m ON um.userid = m.id
  )`;

export class UsersRepository {
  constructor(private readonly db: Database) {}

  /** Traccar's login matches the identity against the email or the login, ignoring case. */
  async findByEmailOrLogin(identity: string): Promise<UserRecord | null> {
    const rows = await this.db.query(
      'SELECT * FROM users WHERE lower(email) = lower($1) OR lower(login) = lower($1) ORDER BY id LIMIT 1',
      [identity.trim()],
    );
    return rows[0] ? userFromRow(rows[0]) : null;
  }

  async findById(id: number): Promise<UserRecord | null> {
    const rows = await this.db.query('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0] ? userFromRow(rows[0]) : null;
  }

  async findAll(): Promise<UserRecord[]> {
    const rows = await this.db.query('SELECT * FROM users ORDER BY name, id');
    return rows.map(userFromRow);
  }

  /** The users a manager manages, directly or through the users it manages. */
  async findManagedBy(managerId: number): Promise<UserRecord[]> {
    const rows = await this.db.query(`${MANAGED_BY} SELECT * FROM users WHERE id IN (SELECT id FROM managed) ORDER BY name, id`, [managerId]);
    return rows.map(userFromRow);
  }

  async manages(managerId: number, userId: number): Promise<boolean> {
    const rows = await this.db.query(`${MANAGED_BY} SELECT 1 AS found FROM managed WHERE id = $2`, [managerId, userId]);
    return rows.length > 0;
  }

  async addManaged(managerId: number, userId: number): Promise<void> {
    await this.db.query('INSERT INTO user_manageduser (userid, manageduserid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [managerId, userId]);
  }

  async countManagedDirectly(managerId: number): Promise<number> {
    const rows = await this.db.query<{ count: unknown }>('SELECT count(*) AS count FROM user_manageduser WHERE userid = $1', [managerId]);
    return toNumber(rows[0]?.count);
  }

  /** Creates a user from API fields; returns it. */
  async create(changes: UserChanges & { hashedPassword: string }): Promise<UserRecord> {
    return userFromRow(await insertRow(this.db, 'users', columnsOf(changes)));
  }

  /** Changes the given fields only; null when there is no such user. */
  async update(id: number, changes: UserChanges): Promise<UserRecord | null> {
    const values = columnsOf(changes);
    if (values.length === 0) return this.findById(id);
    const row = await updateRow(this.db, 'users', id, values);
    return row ? userFromRow(row) : null;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM users WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  }

  async count(): Promise<number> {
    const rows = await this.db.query<{ count: unknown }>('SELECT count(*) AS count FROM users');
    return toNumber(rows[0]?.count);
  }

  async insert(user: NewUser): Promise<number> {
    const rows = await this.db.query<{ id: unknown }>(
      `INSERT INTO users (name, login, email, hashedpassword, administrator, readonly, devicelimit, userlimit, latitude, longitude, zoom)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        user.name,
        user.login,
        user.email,
        user.hashedPassword,
        user.administrator,
        user.readonly,
        user.deviceLimit,
        user.userLimit,
        user.latitude ?? 0,
        user.longitude ?? 0,
        user.zoom ?? 0,
      ],
    );
    return toNumber(rows[0]?.id);
  }
}
