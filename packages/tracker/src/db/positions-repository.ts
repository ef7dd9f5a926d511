import { positionFromRow, type NewPosition, type PositionRecord } from '../entities/position';
import type { Database } from './database';
import { placeholders } from './values';

/** Traccar silently caps route and history answers at 50,000 positions. */
export const HISTORY_LIMIT = 50_000;

const COLUMNS = ['deviceid', 'protocol', 'servertime', 'devicetime', 'fixtime', 'valid', 'latitude', 'longitude', 'altitude', 'speed', 'course', 'accuracy', 'attributes'];
const ATTRIBUTES_INDEX = COLUMNS.indexOf('attributes');

export class PositionsRepository {
  constructor(private readonly db: Database) {}

  /** Stores a whole simulator tick in one multi-row INSERT; returns the rows with their ids, in order. */
  async insertMany(positions: readonly NewPosition[]): Promise<PositionRecord[]> {
    if (positions.length === 0) return [];
    const params: unknown[] = [];
    const rows = positions.map((position) => {
      const offset = params.length;
      params.push(
        position.deviceId,
        position.protocol,
        position.serverTime,
        position.deviceTime,
        position.fixTime,
        position.valid,
        position.latitude,
        position.longitude,
        position.altitude,
        position.speed,
        position.course,
        position.accuracy,
        JSON.stringify(position.attributes),
      );
      return `(${placeholders(offset, COLUMNS.length, { [ATTRIBUTES_INDEX]: '::jsonb' })})`;
    });
    const inserted = await this.db.query(`INSERT INTO positions (${COLUMNS.join(', ')}) VALUES ${rows.join(', ')} RETURNING *`, params);
    return inserted.map(positionFromRow).sort((a, b) => a.id - b.id);
  }

  async findByIds(ids: readonly number[]): Promise<PositionRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query('SELECT * FROM positions WHERE id = ANY($1::bigint[]) ORDER BY id', [[...ids]]);
    return rows.map(positionFromRow);
  }

  /** A device's track between two instants, oldest first. */
  async history(deviceId: number, from: Date, to: Date): Promise<PositionRecord[]> {
    const rows = await this.db.query(
      'SELECT * FROM positions WHERE deviceid = $1 AND fixtime BETWEEN $2 AND $3 ORDER BY fixtime, id LIMIT $4',
      [deviceId, from, to, HISTORY_LIMIT],
    );
    return rows.map(positionFromRow);
  }

  /** The latest position of every device that has one (used once, to warm the in-memory cache). */
  async latestPerDevice(): Promise<PositionRecord[]> {
    const rows = await this.db.query('SELECT DISTINCT ON (deviceid) * FROM positions ORDER BY deviceid, fixtime DESC, id DESC');
    return rows.map(positionFromRow);
  }
}
