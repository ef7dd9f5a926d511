import { createHash } from 'node:crypto';
import type { Database } from './database';

export interface ScriptLedger {
  /** The table that records each script applied, by its text's SHA-256 (created when missing). */
  table: string;
  /**
   * A PostgreSQL advisory lock held while a script runs (with its record), so that processes
   * starting together on one database take turns: two `CREATE TABLE IF NOT EXISTS` of the same
   * table at the same instant can both create, and one fail. Not for PGlite (one connection).
   */
  lockKey?: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Runs each of `scripts`, in order, unless this database has already applied that very text, and
 * records it. Scripts are idempotent, but running one again is not free: a script that builds an
 * index a later one replaces builds it again on every start, a minute or more on a table of a
 * hundred million rows. A script whose text changes (a table added to a generated script) runs
 * again. Each script and its record are one transaction.
 */
export async function applyScriptsOnce(db: Database, scripts: readonly string[], { table, lockKey }: ScriptLedger): Promise<void> {
  if (!IDENTIFIER.test(table)) throw new Error(`not a table name: ${table}`);
  const lock = lockKey === undefined ? '' : `SELECT pg_advisory_xact_lock(${Math.trunc(lockKey)});\n`;
  await db.exec(`${lock}CREATE TABLE IF NOT EXISTS ${table} (script_sha256 char(64) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`);
  const applied = new Set((await db.query<{ script_sha256: string }>(`SELECT script_sha256 FROM ${table}`)).map((row) => row.script_sha256));
  for (const script of scripts) {
    const hash = sha256(script);
    if (applied.has(hash)) continue;
    // Another process may have applied it since the read: it runs again, harmlessly.
    await db.exec(`${lock}${script}\n;INSERT INTO ${table} (script_sha256) VALUES ('${hash}') ON CONFLICT DO NOTHING;`);
  }
}
