/** Requests counted per key (a hash) in fixed windows, so every gateway on the database counts together. */
export const RATE_LIMITS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_rate_limits (
  key text PRIMARY KEY,
  window_ends_at timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX IF NOT EXISTS rastro_rate_limits_window ON rastro_rate_limits (window_ends_at);
`;
