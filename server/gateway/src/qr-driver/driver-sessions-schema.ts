/**
 * The tracking-server sessions QR drivers used through the gateway, so a timed or ignition logout
 * (SPEC §3 Driver) can end them: Traccar has no "log this user out everywhere" call.
 */
export const DRIVER_SESSIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_driver_sessions (
  credential_hash text PRIMARY KEY,
  user_id integer NOT NULL,
  sealed_credentials text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS rastro_driver_sessions_user ON rastro_driver_sessions (user_id);
`;
