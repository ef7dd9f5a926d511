import { toNumber, type Database } from '@rastro/db';
import { LINK_TABLES } from './link-tables';

/**
 * A counter that every write to the configuration tables (users, devices, groups, geofences,
 * notifications, maintenance, drivers, computed attributes, calendars, server settings and every permission link) moves forward, whoever writes:
 * the API, the seed, a test, another process on the same PostgreSQL. Caches of that configuration
 * (../events/fleet-config-cache.ts) compare it once a second instead of reloading blindly.
 * A sequence, not a counter row, so concurrent writers never wait on each other.
 */
const WATCHED_TABLES = [
  'users',
  'devices',
  'groups',
  'geofences',
  'notifications',
  'maintenances',
  'drivers',
  'computed_attributes',
  'calendars',
  'server_settings',
  ...LINK_TABLES.map((link) => link.table),
];

export const CONFIG_CHANGES_DDL = `
CREATE SEQUENCE IF NOT EXISTS config_version;
CREATE OR REPLACE FUNCTION bump_config_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('config_version');
  RETURN NULL;
END $$;
${WATCHED_TABLES.map(
  (table) =>
    `CREATE OR REPLACE TRIGGER ${table}_config_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_config_version();`,
).join('\n')}
`;

/** The current configuration version: equal values mean nothing was written in between. */
export async function readConfigVersion(db: Database): Promise<number> {
  // A new sequence reports last_value 1 both before and after its first nextval.
  const rows = await db.query<{ version: unknown }>('SELECT last_value + CASE WHEN is_called THEN 1 ELSE 0 END AS version FROM config_version');
  return toNumber(rows[0]?.version);
}
