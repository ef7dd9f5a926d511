import type { Database } from '@rastro/db';
import { parseSecretKey, SecretBox } from './secret-box';

interface Logger {
  warn(message: string): void;
}

/**
 * The box for integration secrets. RASTRO_SECRET_KEY when set; without it (development, the
 * demo) a key generated once and kept in the gateway's own database, so the demo starts and its
 * secrets survive restarts — but anyone holding a copy of that database can open them, hence the
 * warning.
 */
export async function openSecretBox(db: Database, configuredKey: string | undefined, log: Logger): Promise<SecretBox> {
  if (configuredKey?.trim()) return new SecretBox(parseSecretKey(configuredKey));
  log.warn('RASTRO_SECRET_KEY is not set: integration secrets are sealed with a key kept in the gateway database. Set it (32 bytes, base64 or hex) in production.');
  // ON CONFLICT: two gateways starting together on one database must agree on one key.
  await db.query('INSERT INTO rastro_generated_secret_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [SecretBox.generateKey().toString('base64')]);
  const [row] = await db.query<{ key: string }>('SELECT key FROM rastro_generated_secret_key WHERE id = 1');
  if (!row) throw new Error('The generated secret key was not stored');
  return new SecretBox(parseSecretKey(row.key));
}
