import { toNumber, type Database } from '@rastro/db';

/** Groups and the permission links (user ↔ device, user ↔ group) the seed creates. */
export class GroupsRepository {
  constructor(private readonly db: Database) {}

  async insert(name: string, parentId: number | null = null): Promise<number> {
    const rows = await this.db.query<{ id: unknown }>('INSERT INTO groups (name, groupid) VALUES ($1, $2) RETURNING id', [name, parentId]);
    return toNumber(rows[0]?.id);
  }

  async linkUserToGroup(userId: number, groupId: number): Promise<void> {
    await this.db.query('INSERT INTO user_group (userid, groupid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, groupId]);
  }

  async linkUserToDevices(userId: number, deviceIds: readonly number[]): Promise<void> {
    if (deviceIds.length === 0) return;
    await this.db.query(
      'INSERT INTO user_device (userid, deviceid) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
      [userId, [...deviceIds]],
    );
  }
}
