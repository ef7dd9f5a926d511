import { columnOf, type EntityKind, type FieldSpec } from '../entities/entity-kinds';
import { insertRow, toAttributes, toNumber, updateRow, type Database, type RowValues } from '@rastro/db';
import { linkTable, type OwnerKind, type PropertyKind } from './link-tables';

/** An entity as Traccar's JSON has it: id, its declared fields and (mostly) attributes. */
export type EntityJson = { id: number; attributes?: Record<string, unknown> } & Record<string, unknown>;

export interface ListFilter {
  /** Objects linked to this owner (user, group or device) directly. */
  linkedTo?: { owner: OwnerKind; id: number };
  /** Only objects this user reaches (undefined: every object, for administrators). */
  reachableBy?: number;
  limit?: number;
  offset?: number;
}

/**
 * The users whose objects a user reaches: the user and, recursively, the users it manages
 * (Traccar's managers see what their users see).
 */
export const MANAGED_TREE = `
  WITH RECURSIVE managed (id) AS (
    SELECT $1::int
    UNION
    SELECT um.manageduserid FROM user_manageduser um JOIN managed m ON um.userid = m.id
  )`;

/** Rows ↔ JSON and CRUD for any declared entity kind, plus Traccar's reachability rule. */
export class EntityStore {
  constructor(private readonly db: Database) {}

  async list(kind: EntityKind, filter: ListFilter = {}): Promise<EntityJson[]> {
    const params: unknown[] = [];
    const conditions: string[] = [];
    let prefix = '';
    if (filter.reachableBy !== undefined) {
      params.push(filter.reachableBy);
      prefix = MANAGED_TREE;
      conditions.push(`e.id IN (${this.reachableIdsSql(kind.kind)})`);
    }
    if (filter.linkedTo) {
      const link = linkTable(filter.linkedTo.owner, kind.kind);
      params.push(filter.linkedTo.id);
      conditions.push(`e.id IN (SELECT ${link.propertyColumn} FROM ${link.table} WHERE ${link.ownerColumn} = $${params.length})`);
    }
    let paging = '';
    if (filter.limit !== undefined && filter.limit > 0) {
      params.push(filter.limit);
      paging += ` LIMIT $${params.length}`;
    }
    if (filter.offset !== undefined && filter.offset > 0) {
      params.push(filter.offset);
      paging += ` OFFSET $${params.length}`;
    }
    const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
    const rows = await this.db.query(`${prefix} SELECT e.* FROM ${kind.table} e${where} ORDER BY e.${columnOf(kind.sortField)}, e.id${paging}`, params);
    return rows.map((row) => fromRow(kind, row));
  }

  async findById(kind: EntityKind, id: number): Promise<EntityJson | null> {
    const rows = await this.db.query(`SELECT * FROM ${kind.table} WHERE id = $1`, [id]);
    return rows[0] ? fromRow(kind, rows[0]) : null;
  }

  /** Whether the user (or a user it manages) is linked to the object. */
  async isReachable(kind: PropertyKind, userId: number, id: number): Promise<boolean> {
    const rows = await this.db.query(`${MANAGED_TREE} SELECT 1 AS found WHERE $2::int IN (${this.reachableIdsSql(kind)})`, [userId, id]);
    return rows.length > 0;
  }

  async insert(kind: EntityKind, values: Record<string, unknown>): Promise<EntityJson> {
    return fromRow(kind, await insertRow(this.db, kind.table, toColumns(kind, values)));
  }

  async update(kind: EntityKind, id: number, values: Record<string, unknown>): Promise<EntityJson | null> {
    const row = await updateRow(this.db, kind.table, id, toColumns(kind, values));
    return row ? fromRow(kind, row) : null;
  }

  async delete(kind: EntityKind, id: number): Promise<boolean> {
    const rows = await this.db.query(`DELETE FROM ${kind.table} WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }

  /** Ids of objects of a kind linked to the managed tree ($1 = user id, MANAGED_TREE in scope). */
  private reachableIdsSql(kind: PropertyKind): string {
    const link = linkTable('user', kind);
    const direct = `SELECT ${link.propertyColumn} FROM ${link.table} WHERE ${link.ownerColumn} IN (SELECT id FROM managed)`;
    if (kind !== 'group') return direct;
    // Groups also reach their subgroups.
    return `SELECT id FROM (WITH RECURSIVE tree (id) AS (${direct} UNION SELECT g.id FROM groups g JOIN tree t ON g.groupid = t.id) SELECT id FROM tree) reachable_groups`;
  }
}

function toColumns(kind: EntityKind, values: Record<string, unknown>): RowValues {
  const row: Array<[string, unknown]> = Object.entries(kind.fields).map(([field, spec]) => [columnOf(field), toColumnValue(spec, values[field])]);
  if (kind.hasAttributes) row.push(['attributes', values.attributes ?? {}]);
  return row;
}

function toColumnValue(spec: FieldSpec, value: unknown): unknown {
  if (spec.reference && (value === undefined || value === 0)) return null;
  return value === undefined ? (spec.whenNull ?? null) : value;
}

export function fromRow(kind: EntityKind, row: Record<string, unknown>): EntityJson {
  const json: EntityJson = { id: toNumber(row.id) };
  if (kind.hasAttributes) json.attributes = toAttributes(row.attributes);
  for (const [field, spec] of Object.entries(kind.fields)) {
    const value = row[columnOf(field)];
    json[field] = value === null || value === undefined ? (spec.whenNull ?? null) : spec.type === 'integer' || spec.type === 'number' ? toNumber(value) : value;
  }
  return json;
}
