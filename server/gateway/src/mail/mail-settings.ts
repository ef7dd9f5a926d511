import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailIntegration } from '@rastro/shared/contract';

/** Where and as whom to send: nodemailer's SMTP options and the From address. */
export interface SmtpRoute {
  transport: SMTPTransport.Options;
  from: string | { name: string; address: string };
}

/** The operator's fallback when no administrator has saved the mail integration. */
export interface SmtpFallback {
  /** e.g. `smtp://user:pass@mail.example.com:587` or `smtps://…:465` (env SMTP_URL). */
  url?: string;
  /** The From address for it (env SMTP_FROM). */
  from?: string;
}

// A mail server that accepts the connection and then hangs must not hold a request for minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpRouteOf(settings: MailIntegration): SmtpRoute {
  return {
    transport: {
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      ...(settings.username ? { auth: { user: settings.username, pass: settings.password } } : {}),
      ...TIMEOUTS,
    },
    from: settings.senderName ? { name: settings.senderName, address: settings.senderAddress } : settings.senderAddress,
  };
}

export function smtpRouteOfFallback(fallback: SmtpFallback): SmtpRoute | null {
  if (!fallback.url?.trim()) return null;
  const host = new URL(fallback.url).hostname;
  return { transport: { url: fallback.url, ...TIMEOUTS }, from: fallback.from?.trim() || `no-reply@${host}` };
}
