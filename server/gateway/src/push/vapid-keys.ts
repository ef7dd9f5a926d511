import type { Database } from '@rastro/db';
import webPush from 'web-push';
import type { SecretBox } from '../integrations/secret-box';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The installation's VAPID keys (rastro_push_keys): made on first use, the same ever after. */
export class VapidKeyStore {
  private keys: Promise<VapidKeys> | null = null;

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretBox,
  ) {}

  get(): Promise<VapidKeys> {
    this.keys ??= this.load().catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    return this.keys;
  }

  private async load(): Promise<VapidKeys> {
    const fresh = webPush.generateVAPIDKeys();
    // Two gateways starting together: the first insert wins and both read it back.
    await this.db.query('INSERT INTO rastro_push_keys (id, public_key, sealed_private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [fresh.publicKey, this.secrets.seal(fresh.privateKey)]);
    const [row] = await this.db.query<{ public_key: string; sealed_private_key: string }>('SELECT public_key, sealed_private_key FROM rastro_push_keys WHERE id = 1');
    if (!row) throw new Error('push keys: not stored');
    return { publicKey: row.public_key, privateKey: this.secrets.open(row.sealed_private_key) };
  }
}
