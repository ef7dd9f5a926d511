import { eventFromRow, type EventRecord, type NewEvent } from '../entities/event';
import { placeholders, type Database } from '@rastro/db';

const COLUMNS = ['type', 'eventtime', 'deviceid', 'positionid', 'geofenceid', 'maintenanceid', 'attributes'];

export class EventsRepository {
  constructor(private readonly db: Database) {}

  /** Stores events in one INSERT; returns them with their ids, in order. */
  async insertMany(events: readonly NewEvent[]): Promise<EventRecord[]> {
    if (events.length === 0) return [];
    const params: unknown[] = [];
    const rows = events.map((event) => {
      const offset = params.length;
      params.push(event.type, event.eventTime, event.deviceId, event.positionId, event.geofenceId, event.maintenanceId, JSON.stringify(event.attributes));
      return `(${placeholders(offset, COLUMNS.length, { 6: '::jsonb' })})`;
    });
    const inserted = await this.db.query(`INSERT INTO events (${COLUMNS.join(', ')}) VALUES ${rows.join(', ')} RETURNING *`, params);
    return inserted.map(eventFromRow).sort((a, b) => a.id - b.id);
  }

  async findById(id: number): Promise<EventRecord | null> {
    const rows = await this.db.query('SELECT * FROM events WHERE id = $1', [id]);
    return rows[0] ? eventFromRow(rows[0]) : null;
  }

  /** Events of some devices between two instants, oldest first; optionally only some types. */
  async between(deviceIds: readonly number[], from: Date, to: Date, types: readonly string[] = []): Promise<EventRecord[]> {
    if (deviceIds.length === 0) return [];
    const params: unknown[] = [[...deviceIds], from, to];
    let typeFilter = '';
    if (types.length > 0) {
      params.push([...types]);
      typeFilter = ' AND type = ANY($4::text[])';
    }
    const rows = await this.db.query(
      `SELECT * FROM events WHERE deviceid = ANY($1::int[]) AND eventtime BETWEEN $2 AND $3${typeFilter} ORDER BY eventtime, id`,
      params,
    );
    return rows.map(eventFromRow);
  }
}
