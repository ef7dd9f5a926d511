import { toNumber, type Database } from '@rastro/db';
import { linkTable, type LinkTable, type OwnerKind, type PropertyKind } from './link-tables';

/** Traccar's permission links (see ./link-tables.ts): who owns, reaches or applies to what. */
export class LinksRepository {
  constructor(private readonly db: Database) {}

  async link(owner: OwnerKind, ownerId: number, property: PropertyKind, propertyId: number): Promise<void> {
    await this.linkIn(linkTable(owner, property), ownerId, propertyId);
  }

  async linkIn(table: LinkTable, ownerId: number, propertyId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO ${table.table} (${table.ownerColumn}, ${table.propertyColumn}) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [ownerId, propertyId],
    );
  }

  async unlinkIn(table: LinkTable, ownerId: number, propertyId: number): Promise<void> {
    await this.db.query(`DELETE FROM ${table.table} WHERE ${table.ownerColumn} = $1 AND ${table.propertyColumn} = $2`, [ownerId, propertyId]);
  }

  /** The links of one table, narrowed to an owner and/or an object (0 on a side: any), owner first. */
  async pairs(table: LinkTable, ownerId: number, propertyId: number): Promise<Array<{ ownerId: number; propertyId: number }>> {
    const where: string[] = [];
    const values: number[] = [];
    if (ownerId) where.push(`${table.ownerColumn} = $${values.push(ownerId)}`);
    if (propertyId) where.push(`${table.propertyColumn} = $${values.push(propertyId)}`);
    const rows = await this.db.query<{ owner: unknown; property: unknown }>(
      `SELECT ${table.ownerColumn} AS owner, ${table.propertyColumn} AS property FROM ${table.table} WHERE ${where.join(' AND ')} ORDER BY 1, 2`,
      values,
    );
    return rows.map((row) => ({ ownerId: toNumber(row.owner), propertyId: toNumber(row.property) }));
  }

  /** Ids of the objects of a kind linked directly to an owner. */
  linkedIds(owner: OwnerKind, ownerId: number, property: PropertyKind): Promise<number[]> {
    const table = linkTable(owner, property);
    return this.idsOf(table.table, table.propertyColumn, table.ownerColumn, ownerId);
  }

  /** Ids of the owners of a kind linked directly to an object (e.g. the users a report goes to). */
  ownerIds(owner: OwnerKind, property: PropertyKind, propertyId: number): Promise<number[]> {
    const table = linkTable(owner, property);
    return this.idsOf(table.table, table.ownerColumn, table.propertyColumn, propertyId);
  }

  private async idsOf(table: string, column: string, whereColumn: string, id: number): Promise<number[]> {
    const rows = await this.db.query<{ id: unknown }>(`SELECT ${column} AS id FROM ${table} WHERE ${whereColumn} = $1 ORDER BY 1`, [id]);
    return rows.map((row) => toNumber(row.id));
  }
}
