import nodemailer from 'nodemailer';
import type { IntegrationSettings } from '@rastro/shared/contract';
import { smtpRouteOf, smtpRouteOfFallback, type SmtpFallback, type SmtpRoute } from './mail-settings';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Neither the mail integration nor SMTP_URL is set: there is nowhere to send from. */
export class MailNotConfiguredError extends Error {
  constructor() {
    super('Mail is not configured: save the mail integration or set SMTP_URL');
    this.name = 'MailNotConfiguredError';
  }
}

interface MailSettingsSource {
  settings(key: 'mail'): Promise<IntegrationSettings['mail'] | null>;
}

/**
 * Sends mail over SMTP with the mail integration's settings, read at each send so an
 * administrator's change applies at once; the operator's SMTP_URL when the integration is unset.
 */
export class Mailer {
  constructor(
    private readonly integrations: MailSettingsSource,
    private readonly fallback: SmtpFallback = {},
  ) {}

  async isConfigured(): Promise<boolean> {
    return (await this.route()) !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const route = await this.route();
    if (!route) throw new MailNotConfiguredError();
    const transporter = nodemailer.createTransport(route.transport);
    try {
      await transporter.sendMail({ from: route.from, ...mail });
    } finally {
      transporter.close();
    }
  }

  private async route(): Promise<SmtpRoute | null> {
    const settings = await this.integrations.settings('mail');
    return settings ? smtpRouteOf(settings) : smtpRouteOfFallback(this.fallback);
  }
}
