import { deviceFromRow, type DeviceRecord } from '../entities/device';
import { insertRow, toNumber, updateRow, type Database, type RowValues } from '@rastro/db';

export interface NewDevice {
  name: string;
  uniqueId: string;
  groupId: number | null;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  attributes: Record<string, unknown>;
}

/** What a client writes with POST/PUT /api/devices; references use null for "none". */
export interface DeviceChanges {
  name: string;
  uniqueId: string;
  groupId: number | null;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  disabled: boolean;
  expirationTime: Date | null;
  calendarId: number | null;
  attributes: Record<string, unknown>;
}

function deviceColumns(device: DeviceChanges): RowValues {
  return [
    ['name', device.name],
    ['uniqueid', device.uniqueId],
    ['groupid', device.groupId],
    ['phone', device.phone],
    ['model', device.model],
    ['contact', device.contact],
    ['category', device.category],
    ['disabled', device.disabled],
    ['expirationtime', device.expirationTime],
    ['calendarid', device.calendarId],
    ['attributes', device.attributes],
  ];
}

// The devices a user reaches, as Traccar's permission model has it: linked directly (user_device)
// or through a linked group, including that group's subgroups (groups.groupid is the parent) —
// to the user or to any user it manages.
const VISIBLE_DEVICES = `
  WITH RECURSIVE managed (id) AS (
    SELECT $1::int
    UNION
    SELECT um.manageduserid FROM user_manageduser um JOIN managed m ON um.userid = m.id
  ), reachable_groups (id) AS (
    SELECT groupid FROM user_group WHERE userid IN (SELECT id FROM managed)
    UNION
    SELECT child.id FROM groups child JOIN reachable_groups parent ON child.groupid = parent.id
  )
  SELECT d.* FROM devices d
  WHERE (d.id IN (SELECT deviceid FROM user_device WHERE userid IN (SELECT id FROM managed))
     OR d.groupid IN (SELECT id FROM reachable_groups))`;

export class DevicesRepository {
  constructor(private readonly db: Database) {}

  /** Every device the user reaches, by name; optionally only some ids / uniqueIds. */
  async findVisible(userId: number, only: { ids?: number[]; uniqueIds?: string[] } = {}): Promise<DeviceRecord[]> {
    const params: unknown[] = [userId];
    let filter = '';
    if (only.ids?.length || only.uniqueIds?.length) {
      params.push(only.ids ?? [], only.uniqueIds ?? []);
      filter = ' AND (d.id = ANY($2::int[]) OR d.uniqueid = ANY($3::text[]))';
    }
    const rows = await this.db.query(`${VISIBLE_DEVICES}${filter} ORDER BY d.name, d.id`, params);
    return rows.map(deviceFromRow);
  }

  /** Any device with one of these ids or uniqueIds (an administrator's lookup). */
  async findMatching(only: { ids: number[]; uniqueIds: string[] }): Promise<DeviceRecord[]> {
    const rows = await this.db.query('SELECT * FROM devices d WHERE d.id = ANY($1::int[]) OR d.uniqueid = ANY($2::text[]) ORDER BY d.name, d.id', [
      only.ids,
      only.uniqueIds,
    ]);
    return rows.map(deviceFromRow);
  }

  async visibleIds(userId: number): Promise<Set<number>> {
    const rows = await this.db.query<{ id: unknown }>(`SELECT id FROM (${VISIBLE_DEVICES}) visible`, [userId]);
    return new Set(rows.map((row) => toNumber(row.id)));
  }

  /** The devices linked to the user itself, not through groups (Traccar's `?userId=`). */
  async findLinkedDirectly(userId: number): Promise<DeviceRecord[]> {
    const rows = await this.db.query(
      'SELECT d.* FROM devices d JOIN user_device ud ON ud.deviceid = d.id WHERE ud.userid = $1 ORDER BY d.name, d.id',
      [userId],
    );
    return rows.map(deviceFromRow);
  }

  async findAll(): Promise<DeviceRecord[]> {
    const rows = await this.db.query('SELECT * FROM devices ORDER BY name, id');
    return rows.map(deviceFromRow);
  }

  /** The device a tracker identifies itself as (its IMEI or other unique id), or null. */
  async findByUniqueId(uniqueId: string): Promise<DeviceRecord | null> {
    const rows = await this.db.query('SELECT * FROM devices WHERE uniqueid = $1', [uniqueId]);
    return rows[0] ? deviceFromRow(rows[0]) : null;
  }

  async findByIds(ids: readonly number[]): Promise<DeviceRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query('SELECT * FROM devices WHERE id = ANY($1::int[]) ORDER BY name, id', [[...ids]]);
    return rows.map(deviceFromRow);
  }

  async findById(id: number): Promise<DeviceRecord | null> {
    const rows = await this.db.query('SELECT * FROM devices WHERE id = $1', [id]);
    return rows[0] ? deviceFromRow(rows[0]) : null;
  }

  async countVisible(userId: number): Promise<number> {
    const rows = await this.db.query<{ count: unknown }>(`SELECT count(*) AS count FROM (${VISIBLE_DEVICES}) visible`, [userId]);
    return toNumber(rows[0]?.count);
  }

  /** Creates a device from API fields; returns it. */
  async create(device: DeviceChanges): Promise<DeviceRecord> {
    return deviceFromRow(await insertRow(this.db, 'devices', deviceColumns(device)));
  }

  async update(id: number, device: DeviceChanges): Promise<DeviceRecord | null> {
    const row = await updateRow(this.db, 'devices', id, deviceColumns(device));
    return row ? deviceFromRow(row) : null;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM devices WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  }

  async insert(device: NewDevice): Promise<number> {
    const rows = await this.db.query<{ id: unknown }>(
      `INSERT INTO devices (name, uniqueid, groupid, phone, model, contact, category, attributes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING id`,
      [device.name, device.uniqueId, device.groupId, device.phone, device.model, device.contact, device.category, JSON.stringify(device.attributes)],
    );
    return toNumber(rows[0]?.id);
  }
}
