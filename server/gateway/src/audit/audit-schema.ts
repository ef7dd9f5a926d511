/**
 * The audit log: one row per write, newest read first. `device_id` and `subject_user_id` say which
 * device or user a row concerns besides the actor (a device update, a link of a user to a device),
 * so a device's or a user's history is one indexed lookup.
 */
export const AUDIT_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id bigint,
  user_name text,
  user_email text,
  domain text,
  client_ip text,
  action text NOT NULL,
  object_type text NOT NULL,
  object_id bigint,
  device_id bigint,
  subject_user_id bigint,
  changes jsonb,
  before jsonb
);
CREATE INDEX IF NOT EXISTS rastro_audit_log_at ON rastro_audit_log (at DESC, id DESC);
CREATE INDEX IF NOT EXISTS rastro_audit_log_device ON rastro_audit_log (device_id, at DESC) WHERE device_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS rastro_audit_log_user ON rastro_audit_log (user_id, at DESC);
CREATE INDEX IF NOT EXISTS rastro_audit_log_subject ON rastro_audit_log (subject_user_id, at DESC) WHERE subject_user_id IS NOT NULL;
`;

/**
 * Keyset paging (README: Logs): one index per filter, each ending in the page order (at, id), so a
 * page under any one filter is a single index range read up to its limit (`bench:logs`).
 */
export const AUDIT_PAGING_SCHEMA = `
DROP INDEX IF EXISTS rastro_audit_log_device;
DROP INDEX IF EXISTS rastro_audit_log_user;
DROP INDEX IF EXISTS rastro_audit_log_subject;
CREATE INDEX IF NOT EXISTS rastro_audit_log_device_page ON rastro_audit_log (device_id, at DESC, id DESC) WHERE device_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS rastro_audit_log_user_page ON rastro_audit_log (user_id, at DESC, id DESC);
CREATE INDEX IF NOT EXISTS rastro_audit_log_subject_page ON rastro_audit_log (subject_user_id, at DESC, id DESC) WHERE subject_user_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS rastro_audit_log_action_page ON rastro_audit_log (action, at DESC, id DESC);
CREATE INDEX IF NOT EXISTS rastro_audit_log_object_page ON rastro_audit_log (object_type, at DESC, id DESC);
`;
