/**
 * One row per limit owner while a gateway counts and creates against that limit (see
 * creation-locks.ts): a lease, so a gateway that dies holding it only blocks until `held_until`.
 */
export const LIMIT_LOCKS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_limit_locks (
  owner text PRIMARY KEY,
  holder text NOT NULL,
  held_until timestamptz NOT NULL
);
`;
