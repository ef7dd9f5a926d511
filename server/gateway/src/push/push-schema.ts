/**
 * The gateway's VAPID key pair for Web Push (issue 23): generated once, by whichever gateway starts
 * first, and kept here so every gateway and every restart signs with the same key (a browser's
 * subscription is bound to the public half). The private half is sealed with the secret box.
 */
export const PUSH_KEYS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_push_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  public_key text NOT NULL,
  sealed_private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
