import { createHash, randomBytes } from 'node:crypto';

// 256 random bits: far past guessing, and still a short link (43 characters).
const TOKEN_BYTES = 32;

/** A new share token, base64url (fits a URL path as it is). */
export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What is stored and looked up instead of the token. A plain hash suffices: the token is random, not a password. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A password for the share's tracker user: random, never shown to anyone. */
export function newSharePassword(): string {
  return randomBytes(24).toString('base64url');
}
