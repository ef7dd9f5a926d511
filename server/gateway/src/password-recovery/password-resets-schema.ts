/** One-time password recovery tokens: only their SHA-256 is kept, so a copy of the table opens no account. */
export const PASSWORD_RESETS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_password_resets (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS rastro_password_resets_user ON rastro_password_resets (user_id);`;
