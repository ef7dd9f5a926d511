/** Failed logins per key (a hash of account, address or both), shared by every gateway on the database. */
export const LOGIN_FAILURES_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  blocked_until timestamptz
);
CREATE INDEX IF NOT EXISTS rastro_login_failures_last ON rastro_login_failures (last_failure_at);
`;
