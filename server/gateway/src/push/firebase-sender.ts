import { createSign } from 'node:crypto';
import { z } from 'zod';

/**
 * Firebase Cloud Messaging (HTTP v1) for the tokens of Rastro's mobile apps (SPEC §3 "firebase
 * (mobile)"): switched on when the configuration's push settings name a Firebase project and the
 * gateway holds that project's service account (FIREBASE_SERVICE_ACCOUNT, its JSON key). The
 * service account's signed assertion buys an access token (kept until shortly before it expires),
 * then one call per device token. `fetch` is the boundary the unit test replaces: Firebase is not
 * reachable from here.
 */
export const firebaseServiceAccountSchema = z.object({ client_email: z.string().min(1), private_key: z.string().min(1), token_uri: z.url().optional() });
export type FirebaseServiceAccount = z.infer<typeof firebaseServiceAccountSchema>;

export interface FirebaseOptions {
  projectId: string;
  account: FirebaseServiceAccount;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface FirebaseMessage {
  title: string;
  body: string;
  /** String values only (FCM's rule). */
  data: Record<string, string>;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const SEND_URL = (projectId: string) => `https://fcm.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/messages:send`;
// FCM's codes for a token that will never work again: it is dropped from the user.
const GONE_CODES = new Set(['UNREGISTERED', 'INVALID_ARGUMENT', 'NOT_FOUND']);

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export class FirebaseSender {
  private token: { value: string; until: number } | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: FirebaseOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
  }

  /** 'gone' when FCM says the token is dead; throws on anything else that failed. */
  async send(token: string, message: FirebaseMessage): Promise<'sent' | 'gone'> {
    const answer = await this.fetch(SEND_URL(this.options.projectId), {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: { token, notification: { title: message.title, body: message.body }, data: message.data } }),
    });
    if (answer.ok) return 'sent';
    const error = (await answer.json().catch(() => null)) as { error?: { status?: string; details?: Array<{ errorCode?: string }> } } | null;
    const codes = [error?.error?.status, ...(error?.error?.details ?? []).map((detail) => detail.errorCode)];
    if (answer.status === 404 || codes.some((code) => code !== undefined && GONE_CODES.has(code))) return 'gone';
    if (answer.status === 401) this.token = null;
    throw new Error(`firebase: ${answer.status} ${codes.filter(Boolean).join(' ')}`);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    const { account } = this.options;
    const tokenUri = account.token_uri ?? DEFAULT_TOKEN_URI;
    const issuedAt = Math.floor(this.now() / 1000);
    const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: tokenUri, iat: issuedAt, exp: issuedAt + 3600 }))}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key);
    const answer = await this.fetch(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${base64url(signature)}` }).toString(),
    });
    if (!answer.ok) throw new Error(`firebase: access token refused (${answer.status})`);
    const { access_token: value, expires_in: seconds } = z.object({ access_token: z.string(), expires_in: z.number() }).parse(await answer.json());
    // A minute early, so a token is never used as it expires.
    this.token = { value, until: this.now() + (seconds - 60) * 1000 };
    return value;
  }
}
