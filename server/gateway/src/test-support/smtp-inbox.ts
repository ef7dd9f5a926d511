import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, as the sender gave them to the server. */
  to: string[];
  /** The username the sender logged in with (the server only accepts the `credentials` it was started with). */
  user?: string;
  parsed: ParsedMail;
}

export interface SmtpInbox {
  port: number;
  received: ReceivedMail[];
  /** The next mail (or one already received) that `matches`; rejects after `timeoutMs`. */
  waitFor(matches: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts every mail (and, when `credentials` are
 * given, only that login) and keeps them parsed. Plain text, no STARTTLS, like a local relay.
 */
export async function startSmtpInbox(credentials?: { username: string; password: string }): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !credentials,
    logger: false,
    onAuth(auth, session, callback) {
      const ok = auth.username === credentials?.username && auth.password === credentials?.password;
      if (!ok) return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            ...(session.user ? { user: session.user } : {}),
            parsed,
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    received,
    waitFor(matches, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const mail = received.find(matches);
          if (mail) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(mail);
          }
          return Boolean(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
