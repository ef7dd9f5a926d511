import { positionFromRow, ROUTE_FIX_COLUMNS, routeFixFromRow, type NewPosition, type PositionRecord, type RouteFix } from '../entities/position';
import { toNumber, type Database } from '@rastro/db';

/** Traccar silently caps route and history answers at 50,000 positions. */
export const HISTORY_LIMIT = 50_000;

// One array parameter per column, unnested into rows: a 10,000-position tick is one statement
// with 15 parameters (PostgreSQL refuses more than 65,535 parameters, 15 per row would hit it at
// ~4,400 rows), and the server parses one small statement instead of a huge VALUES list.
const COLUMNS: ReadonlyArray<[column: string, arrayType: string, value: (position: NewPosition) => unknown]> = [
  ['deviceid', 'int[]', (position) => position.deviceId],
  ['protocol', 'text[]', (position) => position.protocol],
  ['servertime', 'timestamptz[]', (position) => position.serverTime.toISOString()],
  ['devicetime', 'timestamptz[]', (position) => position.deviceTime.toISOString()],
  ['fixtime', 'timestamptz[]', (position) => position.fixTime.toISOString()],
  ['valid', 'boolean[]', (position) => position.valid],
  ['latitude', 'float8[]', (position) => position.latitude],
  ['longitude', 'float8[]', (position) => position.longitude],
  ['altitude', 'float8[]', (position) => position.altitude],
  ['speed', 'float8[]', (position) => position.speed],
  ['course', 'float8[]', (position) => position.course],
  ['accuracy', 'float8[]', (position) => position.accuracy],
  ['attributes', 'jsonb[]', (position) => JSON.stringify(position.attributes)],
  ['geofenceids', 'jsonb[]', (position) => (position.geofenceIds?.length ? JSON.stringify(position.geofenceIds) : null)],
  ['network', 'jsonb[]', (position) => (position.network ? JSON.stringify(position.network) : null)],
];
const COLUMN_NAMES = COLUMNS.map(([column]) => column).join(', ');
// WITH ORDINALITY + ORDER BY: the sequence hands out ids in input order, so sorted ids map back.
const INSERT_MANY = `INSERT INTO positions (${COLUMN_NAMES})
  SELECT ${COLUMN_NAMES} FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}`).join(', ')})
    WITH ORDINALITY AS rows (${COLUMN_NAMES}, ordinal)
  ORDER BY ordinal
  RETURNING id`;

export class PositionsRepository {
  constructor(private readonly db: Database) {}

  /** Stores a whole tick in one INSERT; returns the positions with their ids, in input order. */
  async insertMany(positions: readonly NewPosition[]): Promise<PositionRecord[]> {
    if (positions.length === 0) return [];
    const params = COLUMNS.map(([, , value]) => positions.map(value));
    const rows = await this.db.query<{ id: unknown }>(INSERT_MANY, params);
    const ids = rows.map((row) => toNumber(row.id)).sort((a, b) => a - b);
    if (ids.length !== positions.length) throw new Error(`stored ${ids.length} of ${positions.length} positions`);
    return positions.map((position, index) => ({ ...position, id: ids[index] as number, address: null }));
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

  /**
   * A device's whole track between two instants, oldest first and uncapped (for reports), in pages
   * of `pageSize` so a month of fixes never has to be held at once.
   */
  track(deviceId: number, from: Date, to: Date, pageSize = 10_000): AsyncGenerator<PositionRecord[]> {
    return this.pages('*', positionFromRow, deviceId, from, to, pageSize);
  }

  /** The same track with only what a route's spreadsheet shows of each fix. */
  routeFixes(deviceId: number, from: Date, to: Date, pageSize = 10_000): AsyncGenerator<RouteFix[]> {
    return this.pages(ROUTE_FIX_COLUMNS, routeFixFromRow, deviceId, from, to, pageSize);
  }

  /**
   * Pages of a track, by a (fixtime, id) cursor. The next page is asked for before this one is handed
   * over, so the database reads it while the caller works through this one.
   */
  private async *pages<Fix extends RouteFix>(
    columns: string,
    decode: (row: Record<string, unknown>) => Fix,
    deviceId: number,
    from: Date,
    to: Date,
    pageSize: number,
  ): AsyncGenerator<Fix[]> {
    const read = (after?: Fix) =>
      after
        ? this.db.query(
            // `fixtime >= $4` lets the (deviceid, fixtime) index start at the cursor.
            `SELECT ${columns} FROM positions WHERE deviceid = $1 AND fixtime BETWEEN $2 AND $3 AND fixtime >= $4 AND (fixtime, id) > ($4, $5) ORDER BY fixtime, id LIMIT $6`,
            [deviceId, from, to, after.fixTime, after.id, pageSize],
          )
        : this.db.query(`SELECT ${columns} FROM positions WHERE deviceid = $1 AND fixtime BETWEEN $2 AND $3 ORDER BY fixtime, id LIMIT $4`, [deviceId, from, to, pageSize]);
    let next: Promise<Record<string, unknown>[]> | null = read();
    try {
      while (next) {
        const page: Fix[] = (await next).map(decode);
        next = page.length === pageSize ? read(page[page.length - 1]) : null;
        if (page.length > 0) yield page;
      }
    } finally {
      // A caller that stops early (a route's cap) leaves the page read ahead unread: its failure is nobody's.
      void next?.catch(() => undefined);
    }
  }

  /** The latest position of every device that has one (used once, to warm the in-memory cache). */
  async latestPerDevice(): Promise<PositionRecord[]> {
    // One index probe per device: DISTINCT ON over the whole table sorts every position, minutes
    // at a month of a large fleet, and the tracker does not answer until it is done.
    const rows = await this.db.query('SELECT p.* FROM devices d CROSS JOIN LATERAL (SELECT * FROM positions WHERE deviceid = d.id ORDER BY fixtime DESC, id DESC LIMIT 1) p');
    return rows.map(positionFromRow);
  }
}
