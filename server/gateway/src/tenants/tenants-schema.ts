/**
 * White-label tenants kept by the gateway: one row per reseller domain (lower-case), plus the
 * default tenant under '*'. They overlay the tenants file (the operator's seed).
 */
export const TENANTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_tenants (
  domain text PRIMARY KEY CHECK (domain = lower(domain)),
  owner_user_id integer,
  parent_user_id integer,
  remotes jsonb NOT NULL DEFAULT '{}',
  config jsonb NOT NULL DEFAULT '{}',
  theme jsonb NOT NULL DEFAULT '{}',
  device_limit integer NOT NULL DEFAULT -1 CHECK (device_limit >= -1),
  user_limit integer NOT NULL DEFAULT -1 CHECK (user_limit >= -1),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS rastro_tenants_owner ON rastro_tenants (owner_user_id);
CREATE INDEX IF NOT EXISTS rastro_tenants_parent ON rastro_tenants (parent_user_id);
`;

/** The theme a save replaced, kept so that the theme editor can undo it (issue 20). */
export const TENANT_PREVIOUS_THEME_SCHEMA = `
ALTER TABLE rastro_tenants ADD COLUMN IF NOT EXISTS previous_theme jsonb;
`;
