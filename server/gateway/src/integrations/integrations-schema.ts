/** Integration settings (secrets sealed, see secret-box.ts) — the installation's, and each reseller's own (payment and nota fiscal: a reseller charges its customers through its own Asaas account) — and the generated key of a gateway started without RASTRO_SECRET_KEY. */
export const INTEGRATIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_integrations (
  key text PRIMARY KEY,
  settings jsonb NOT NULL,
  sealed_secrets jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS rastro_reseller_integrations (
  owner_user_id bigint NOT NULL,
  key text NOT NULL,
  settings jsonb NOT NULL,
  sealed_secrets jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_user_id, key)
);
CREATE TABLE IF NOT EXISTS rastro_generated_secret_key (
  id smallint PRIMARY KEY CHECK (id = 1),
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);`;
