import { INTEGRATIONS_SCHEMA } from '../integrations/integrations-schema';
import { PASSWORD_RESETS_SCHEMA } from '../password-recovery/password-resets-schema';
import { JOBS_SCHEMA, JOBS_UNIQUE_KEY_SCHEMA } from '../jobs/jobs-schema';
import { AUDIT_PAGING_SCHEMA, AUDIT_SCHEMA } from '../audit/audit-schema';
import { SHARES_SCHEMA } from '../shares/shares-schema';
import { TENANT_PREVIOUS_THEME_SCHEMA, TENANTS_SCHEMA } from '../tenants/tenants-schema';
import { THEME_IMAGES_SCHEMA } from '../theme/theme-images-schema';
import { DRIVER_SESSIONS_SCHEMA } from '../qr-driver/driver-sessions-schema';
import { LIMIT_LOCKS_SCHEMA } from '../policy/limit-locks-schema';
import { ACCOUNT_STATES_SCHEMA, ACCOUNT_TRUST_PERIODS_SCHEMA } from '../account-state/account-states-schema';
import { RATE_LIMITS_SCHEMA } from '../rate-limit/rate-limits-schema';
import { LOGIN_FAILURES_SCHEMA } from '../rate-limit/login-failures-schema';
import { BILLING_SCHEMA } from '../billing/billing-schema';
import { WAY_BACKS_SCHEMA } from '../acting-as/way-backs-schema';
import { PUSH_KEYS_SCHEMA } from '../push/push-schema';

/**
 * The gateway's own tables, one entry per feature, each an idempotent DDL string kept beside the
 * feature that owns it. Tables are prefixed `rastro_` so the gateway can share a PostgreSQL
 * database with the tracker (DATABASE_URL) without a clash. Append; never edit a shipped entry.
 */
export const GATEWAY_SCHEMA: readonly string[] = [
  INTEGRATIONS_SCHEMA,
  PASSWORD_RESETS_SCHEMA,
  JOBS_SCHEMA,
  JOBS_UNIQUE_KEY_SCHEMA,
  AUDIT_SCHEMA,
  SHARES_SCHEMA,
  TENANTS_SCHEMA,
  THEME_IMAGES_SCHEMA,
  DRIVER_SESSIONS_SCHEMA,
  LIMIT_LOCKS_SCHEMA,
  ACCOUNT_STATES_SCHEMA,
  ACCOUNT_TRUST_PERIODS_SCHEMA,
  RATE_LIMITS_SCHEMA,
  LOGIN_FAILURES_SCHEMA,
  BILLING_SCHEMA,
  AUDIT_PAGING_SCHEMA,
  TENANT_PREVIOUS_THEME_SCHEMA,
  WAY_BACKS_SCHEMA,
  PUSH_KEYS_SCHEMA,
];
