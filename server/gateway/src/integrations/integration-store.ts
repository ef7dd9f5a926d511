import type { Database } from '@rastro/db';
import { toAttributes, toDate } from '@rastro/db';
import { integrationKeys, integrationSchema, type Integration, type IntegrationKey, type IntegrationSettings } from '@rastro/shared/contract';
import type { SecretBox } from './secret-box';
import { mergeSecrets, splitSecrets, withMaskedSecrets, type Fields, type Secrets } from './secret-fields';

interface IntegrationRow {
  key: string;
  settings: unknown;
  sealed_secrets: unknown;
  updated_at: unknown;
}

interface Logger {
  error(object: object, message: string): void;
}

/**
 * Whose integrations: the installation's (null, edited by administrators) or a reseller's own
 * (its user id: the account its customers are charged through).
 */
export type IntegrationOwner = number | null;

/** The kinds a reseller keeps of its own; mail stays the installation's. */
export const resellerIntegrationKeys: readonly IntegrationKey[] = ['payment', 'invoice'];

/**
 * Integration settings: the installation's in `rastro_integrations`, a reseller's in
 * `rastro_reseller_integrations`; plain fields as JSON, secrets sealed.
 */
export class IntegrationStore {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly log: Logger,
  ) {}

  /** Every kind the owner keeps, as its editor sees them: secrets masked, null settings for kinds never saved. */
  async list(owner: IntegrationOwner = null): Promise<Integration[]> {
    const rows = owner === null ? await this.db.query<IntegrationRow>('SELECT * FROM rastro_integrations') : await this.db.query<IntegrationRow>('SELECT * FROM rastro_reseller_integrations WHERE owner_user_id = $1', [owner]);
    return (owner === null ? integrationKeys : resellerIntegrationKeys).map((key) => this.shown(key, rows.find((row) => row.key === key)));
  }

  /** The settings with secrets in the clear, for the gateway's own use (sending mail, charging); null when never saved. */
  async settings<Key extends IntegrationKey>(key: Key, owner: IntegrationOwner = null): Promise<IntegrationSettings[Key] | null> {
    const row = await this.row(key, owner);
    if (!row) return null;
    return { ...toAttributes(row.settings), ...this.openAll(key, row, { strict: true }) } as IntegrationSettings[Key];
  }

  /** Saves validated settings (a masked secret sent back keeps the stored one); answers as `list` shows it. */
  async save<Key extends IntegrationKey>(key: Key, settings: IntegrationSettings[Key], updatedBy: number, owner: IntegrationOwner = null): Promise<Integration> {
    const existing = await this.row(key, owner);
    const opened = existing ? this.openAll(key, existing, { strict: false }) : {};
    // An unreadable secret is not kept: sending its mask back is refused, the admin enters it again.
    const storedSecrets: Secrets = Object.fromEntries(Object.entries(opened).filter((entry): entry is [string, string] => entry[1] !== null));
    const { plain } = splitSecrets(key, settings as Fields);
    const secrets = mergeSecrets(key, settings as Fields, storedSecrets);
    const sealed = Object.fromEntries(Object.entries(secrets).map(([field, value]) => [field, this.box.seal(value)]));
    const values = [key, JSON.stringify(plain), JSON.stringify(sealed), updatedBy];
    const update = `DO UPDATE SET settings = EXCLUDED.settings, sealed_secrets = EXCLUDED.sealed_secrets, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at RETURNING *`;
    const [row] =
      owner === null
        ? await this.db.query<IntegrationRow>(`INSERT INTO rastro_integrations (key, settings, sealed_secrets, updated_by, updated_at) VALUES ($1, $2::jsonb, $3::jsonb, $4, now()) ON CONFLICT (key) ${update}`, values)
        : await this.db.query<IntegrationRow>(
            `INSERT INTO rastro_reseller_integrations (key, settings, sealed_secrets, updated_by, updated_at, owner_user_id) VALUES ($1, $2::jsonb, $3::jsonb, $4, now(), $5) ON CONFLICT (owner_user_id, key) ${update}`,
            [...values, owner],
          );
    return this.shown(key, row);
  }

  private async row(key: IntegrationKey, owner: IntegrationOwner): Promise<IntegrationRow | undefined> {
    const [row] =
      owner === null
        ? await this.db.query<IntegrationRow>('SELECT * FROM rastro_integrations WHERE key = $1', [key])
        : await this.db.query<IntegrationRow>('SELECT * FROM rastro_reseller_integrations WHERE owner_user_id = $1 AND key = $2', [owner, key]);
    return row;
  }

  private shown(key: IntegrationKey, row: IntegrationRow | undefined): Integration {
    const settings = row ? withMaskedSecrets(key, toAttributes(row.settings), this.openAll(key, row, { strict: false })) : null;
    return integrationSchema.parse({ key, settings, updatedAt: row ? toDate(row.updated_at)?.toISOString() : null });
  }

  /**
   * The row's secrets in the clear. A secret that no longer opens (RASTRO_SECRET_KEY changed) is an
   * error where it is needed (strict) and `null` where it is only shown, so an administrator can
   * still see the integration and enter the secret again.
   */
  private openAll(key: IntegrationKey, row: IntegrationRow, { strict }: { strict: boolean }): Record<string, string | null> {
    const opened: Record<string, string | null> = {};
    for (const [field, sealed] of Object.entries(toAttributes(row.sealed_secrets))) {
      try {
        opened[field] = this.box.open(String(sealed));
      } catch (error) {
        if (strict) throw new Error(`The ${key} integration's ${field} cannot be decrypted: was RASTRO_SECRET_KEY changed?`, { cause: error });
        this.log.error({ err: error, integration: key, field }, 'integration secret cannot be decrypted');
        opened[field] = null;
      }
    }
    return opened;
  }
}
