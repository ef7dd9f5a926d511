/**
 * Share links. Each is a temporary read-only user on the tracking server (`tracker_user_id`),
 * signed in with its own login and a random password kept sealed (see ../integrations/secret-box.ts);
 * the link's token is kept only as its SHA-256, so a copy of this table opens no map.
 */
export const SHARES_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_shares (
  id bigserial PRIMARY KEY,
  owner_user_id bigint NOT NULL,
  tracker_user_id bigint NOT NULL UNIQUE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  login text NOT NULL,
  sealed_password text NOT NULL,
  device_ids jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS rastro_shares_owner ON rastro_shares (owner_user_id);
CREATE INDEX IF NOT EXISTS rastro_shares_expiry ON rastro_shares (expires_at);
`;
