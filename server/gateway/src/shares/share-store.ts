import { toDate, toNumber, type Database } from '@rastro/db';
import type { Share } from '@rastro/shared/contract';

/** A share with what signing in as it takes. */
export interface StoredShare extends Share {
  login: string;
  sealedPassword: string;
}

export interface NewShare {
  ownerUserId: number;
  userId: number;
  name: string;
  tokenHash: string;
  login: string;
  sealedPassword: string;
  deviceIds: number[];
  expiresAt: Date;
}

interface ShareRow {
  id: unknown;
  owner_user_id: unknown;
  tracker_user_id: unknown;
  name: string;
  login: string;
  sealed_password: string;
  device_ids: unknown;
  expires_at: unknown;
  created_at: unknown;
}

const COLUMNS = 'id, owner_user_id, tracker_user_id, name, login, sealed_password, device_ids, expires_at, created_at';

/** rastro_shares (see ./shares-schema.ts). */
export class ShareStore {
  constructor(private readonly db: Database) {}

  async insert(share: NewShare): Promise<StoredShare> {
    const [row] = await this.db.query<ShareRow>(
      `INSERT INTO rastro_shares (owner_user_id, tracker_user_id, name, token_hash, login, sealed_password, device_ids, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING ${COLUMNS}`,
      [share.ownerUserId, share.userId, share.name, share.tokenHash, share.login, share.sealedPassword, JSON.stringify(share.deviceIds), share.expiresAt.toISOString()],
    );
    return toShare(row as ShareRow);
  }

  /** Newest first; every share, or one owner's. */
  async list(ownerUserId: number | null): Promise<StoredShare[]> {
    const rows = ownerUserId === null
      ? await this.db.query<ShareRow>(`SELECT ${COLUMNS} FROM rastro_shares ORDER BY created_at DESC, id DESC`)
      : await this.db.query<ShareRow>(`SELECT ${COLUMNS} FROM rastro_shares WHERE owner_user_id = $1 ORDER BY created_at DESC, id DESC`, [ownerUserId]);
    return rows.map(toShare);
  }

  async byId(id: number): Promise<StoredShare | null> {
    const [row] = await this.db.query<ShareRow>(`SELECT ${COLUMNS} FROM rastro_shares WHERE id = $1`, [id]);
    return row ? toShare(row) : null;
  }

  /** The share a token opens, while it has not expired. */
  async unexpiredByTokenHash(tokenHash: string): Promise<StoredShare | null> {
    const [row] = await this.db.query<ShareRow>(`SELECT ${COLUMNS} FROM rastro_shares WHERE token_hash = $1 AND expires_at > now()`, [tokenHash]);
    return row ? toShare(row) : null;
  }

  async expired(limit: number): Promise<StoredShare[]> {
    const rows = await this.db.query<ShareRow>(`SELECT ${COLUMNS} FROM rastro_shares WHERE expires_at <= now() ORDER BY expires_at LIMIT $1`, [limit]);
    return rows.map(toShare);
  }

  async update(id: number, changes: { name: string; deviceIds: number[]; expiresAt: Date }): Promise<StoredShare | null> {
    const [row] = await this.db.query<ShareRow>(
      `UPDATE rastro_shares SET name = $2, device_ids = $3::jsonb, expires_at = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, changes.name, JSON.stringify(changes.deviceIds), changes.expiresAt.toISOString()],
    );
    return row ? toShare(row) : null;
  }

  /** A new token for the share: the old one opens nothing from now on. */
  async replaceToken(id: number, tokenHash: string): Promise<StoredShare | null> {
    const [row] = await this.db.query<ShareRow>(`UPDATE rastro_shares SET token_hash = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, tokenHash]);
    return row ? toShare(row) : null;
  }

  async delete(id: number): Promise<void> {
    await this.db.query('DELETE FROM rastro_shares WHERE id = $1', [id]);
  }
}

function toShare(row: ShareRow): StoredShare {
  const deviceIds = typeof row.device_ids === 'string' ? (JSON.parse(row.device_ids) as unknown) : row.device_ids;
  return {
    id: toNumber(row.id),
    ownerUserId: toNumber(row.owner_user_id),
    userId: toNumber(row.tracker_user_id),
    name: row.name,
    login: row.login,
    sealedPassword: row.sealed_password,
    deviceIds: Array.isArray(deviceIds) ? deviceIds.map(toNumber) : [],
    expiresAt: (toDate(row.expires_at) ?? new Date(0)).toISOString(),
    createdAt: (toDate(row.created_at) ?? new Date(0)).toISOString(),
  };
}

/** The listed form: nothing that signs in. */
export function publicShare({ login: _login, sealedPassword: _sealed, ...share }: StoredShare): Share {
  return share;
}
