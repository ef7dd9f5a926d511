import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  /** The server URL with the database swapped for the new, empty one. */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * A new, empty database on the server behind `serverUrl` (npm test's TEST_DATABASE_URL), so every
 * run and every test file starts clean and never sees another's rows.
 */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `rastro_scratch_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
