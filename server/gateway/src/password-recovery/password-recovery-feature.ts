import type { FastifyInstance } from 'fastify';
import type { Database } from '@rastro/db';
import type { AuditLog } from '../audit/audit-log';
import type { Mailer } from '../mail/mailer';
import type { ServiceAccount } from '../traccar/service-account';
import { PasswordRecovery } from './password-recovery';
import { registerPasswordRecoveryRoute } from './password-recovery-route';
import type { RecoverySites } from './recovery-link';
import { ResetTokens } from './reset-tokens';

export interface PasswordRecoveryFeatureOptions {
  db: Database;
  mailer: Mailer;
  serviceAccount: ServiceAccount;
  audit?: Pick<AuditLog, 'record'>;
  /** The configured addresses recovery links may point at. */
  sites: RecoverySites;
}

/** `POST /api/session/password` on the gateway itself (not proxied), with its tokens, mail and shutdown. */
export function registerPasswordRecovery(app: FastifyInstance, { db, mailer, serviceAccount, audit, sites }: PasswordRecoveryFeatureOptions): void {
  const recovery = new PasswordRecovery({ tokens: new ResetTokens(db), mailer, serviceAccount, audit, log: app.log });
  // Registered after the database's own onClose hook, so it runs first: mails in flight finish writing.
  app.addHook('onClose', async () => recovery.settle());
  registerPasswordRecoveryRoute(app, recovery, sites);
}
