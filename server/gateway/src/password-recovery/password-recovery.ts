import type { AuditLog } from '../audit/audit-log';
import type { RequestOrigin } from '../audit/request-origin';
import type { Mailer } from '../mail/mailer';
import type { ServiceAccount } from '../traccar/service-account';
import { recoveryLink } from './recovery-link';
import { recoveryMail } from './recovery-mail';
import type { ResetTokens } from './reset-tokens';
import { findAccountByEmail, setAccountPassword } from './tracker-accounts';

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface PasswordRecoveryDependencies {
  tokens: ResetTokens;
  mailer: Mailer;
  serviceAccount: ServiceAccount;
  audit?: Pick<AuditLog, 'record'>;
  log: Logger;
}

/** Mailing one-time recovery links and setting the password a link was mailed for. */
export class PasswordRecovery {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: PasswordRecoveryDependencies) {}

  /** Whether a recovery can be sent at all: a service account to look users up, and somewhere to send mail from. */
  async available(): Promise<boolean> {
    return this.deps.serviceAccount.configured && (await this.deps.mailer.isConfigured());
  }

  /**
   * Looks the email up and mails a link if it names an account — in the background, so the
   * answer comes as fast for an unknown email as for a known one and tells nobody which it was.
   */
  requestInBackground(email: string, linkOrigin: string, origin?: RequestOrigin): void {
    const work = this.request(email, linkOrigin, origin).catch((error: unknown) => this.deps.log.error({ err: error }, 'password recovery mail failed'));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Sets the password of the token's account; false for a token unknown, expired or used. */
  async reset(token: string, password: string, origin?: RequestOrigin): Promise<boolean> {
    const { tokens, serviceAccount, audit } = this.deps;
    const userId = await tokens.claim(token);
    if (userId === null) return false;
    let user;
    try {
      user = await setAccountPassword(serviceAccount, userId, password);
    } catch (error) {
      await tokens.release(token);
      throw error;
    }
    await tokens.revokeAll(userId);
    await audit?.record({ actor: { id: user.id, name: user.name, email: user.email }, action: 'passwordReset', objectType: 'user', objectId: user.id, origin });
    return true;
  }

  /** Waits for mails still being sent (shutdown). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async request(email: string, linkOrigin: string, origin: RequestOrigin | undefined): Promise<void> {
    const { tokens, mailer, serviceAccount, audit, log } = this.deps;
    const user = await findAccountByEmail(serviceAccount, email);
    if (!user) {
      log.info({}, 'password recovery asked for an email with no account');
      return;
    }
    const token = await tokens.issue(user.id);
    await mailer.send(recoveryMail(user.email, recoveryLink(linkOrigin, token)));
    await audit?.record({ actor: null, action: 'passwordRecoveryRequested', objectType: 'user', objectId: user.id, changes: { linkOrigin }, origin });
  }
}
