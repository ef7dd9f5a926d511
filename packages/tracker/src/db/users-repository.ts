import { userFromRow, type UserRecord } from '../entities/user';
import type { Database } from './database';
import { toNumber } from './values';

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
