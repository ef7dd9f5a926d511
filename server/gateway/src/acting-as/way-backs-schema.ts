/**
 * The ways back from "log in as": a one-use token per switch, tied to the session it opened
 * (`session_hash`, the SHA-256 of its session cookie) so that signing that session out ends it.
 * Only hashes are kept: a copy of the table brings nobody back.
 */
export const WAY_BACKS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_way_backs (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL,
  acting_user_id bigint NOT NULL,
  session_hash text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rastro_way_backs_session ON rastro_way_backs (session_hash);`;
