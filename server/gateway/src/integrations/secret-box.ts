import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
// 96-bit nonces are GCM's native size; random ones are safe for far more secrets than a gateway keeps.
const IV_BYTES = 12;
const VERSION = 'v1';

/**
 * Seals secrets for storage with AES-256-GCM: each value gets its own random nonce, and the
 * authentication tag makes a tampered or wrongly-keyed value fail to open instead of decrypting
 * to garbage. Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`A secret key must be ${KEY_BYTES} bytes, got ${key.length}`);
  }

  static generateKey(): Buffer {
    return randomBytes(KEY_BYTES);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The plaintext; throws when the value was sealed with another key or altered. */
  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** RASTRO_SECRET_KEY's 32 bytes, written as 64 hex digits or as base64; anything else is a start-up error. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`RASTRO_SECRET_KEY must be ${KEY_BYTES} bytes as 64 hex digits or base64 (e.g. \`openssl rand -base64 32\`)`);
  return key;
}
