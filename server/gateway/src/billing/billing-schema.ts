/**
 * Billing's tables. An invoice per billed user and month (UNIQUE (user_id, period): generated once
 * however many gateways run the job). Money in integer cents; `terms` keeps the fine, interest and
 * discount the charge was issued with. `provider_payment_id` is set once the provider's charge
 * exists; `suspended_at` when this invoice's non-payment suspended the account (paying it lifts it).
 */
export const BILLING_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_invoices (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  period text NOT NULL,
  due_date date NOT NULL,
  value_cents bigint NOT NULL CHECK (value_cents > 0),
  status text NOT NULL DEFAULT 'PENDING',
  paid_date date,
  paid_value_cents bigint,
  charges integer NOT NULL DEFAULT 0,
  description text,
  terms jsonb NOT NULL DEFAULT '{}'::jsonb,
  provider_payment_id text UNIQUE,
  invoice_url text,
  provider_error text,
  cancelled_at timestamptz,
  suspended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, period)
);
CREATE INDEX IF NOT EXISTS rastro_invoices_open ON rastro_invoices (due_date) WHERE paid_date IS NULL AND cancelled_at IS NULL;
CREATE TABLE IF NOT EXISTS rastro_billing_customers (
  user_id bigint PRIMARY KEY,
  provider_customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS rastro_billing_webhook_events (
  event_id text PRIMARY KEY,
  event text NOT NULL,
  payment_id text,
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  outcome text
);
-- Whose Asaas account: NULL the installation's, else the reseller (user id) whose own payment
-- integration charged it (a reseller bills its customers through its own account).
ALTER TABLE rastro_invoices ADD COLUMN IF NOT EXISTS provider_account bigint;
ALTER TABLE rastro_billing_customers ADD COLUMN IF NOT EXISTS provider_account bigint;
ALTER TABLE rastro_billing_webhook_events ADD COLUMN IF NOT EXISTS provider_account bigint;
`;
