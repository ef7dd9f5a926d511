/** Whether a user may use the product: `active`, or `suspended` (billing) with the reason shown to administrators. */
export const ACCOUNT_STATES_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_account_states (
  user_id bigint PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('active', 'suspended')),
  reason text,
  trust_unlock_used_at timestamptz,
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;

/** A trust unlock keeps the account active until `trust_ends_at`; then the suspension resumes (see trust-periods.ts). */
export const ACCOUNT_TRUST_PERIODS_SCHEMA = `
ALTER TABLE rastro_account_states ADD COLUMN IF NOT EXISTS trust_ends_at timestamptz;
`;
