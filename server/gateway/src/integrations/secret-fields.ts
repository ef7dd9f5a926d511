import { integrationKinds, isMaskedSecret, maskSecret, SECRET_MASK, type IntegrationKey } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';

export type Fields = Record<string, unknown>;
/** Plaintext secrets by field name; a field absent means none is stored. */
export type Secrets = Record<string, string>;

function secretFieldsOf(key: IntegrationKey): readonly string[] {
  return integrationKinds[key].secrets;
}

/** Settings as saved, split into what is stored in the clear and the secrets to seal. */
export function splitSecrets(key: IntegrationKey, settings: Fields): { plain: Fields; secrets: Secrets } {
  const plain: Fields = { ...settings };
  const secrets: Secrets = {};
  for (const field of secretFieldsOf(key)) {
    const value = plain[field];
    delete plain[field];
    if (typeof value === 'string' && value !== '') secrets[field] = value;
  }
  return { plain, secrets };
}

/**
 * The secrets to store after a save: a field that came back as the mask of the stored secret keeps
 * it (the admin edited other fields), any other value replaces it. A mask that matches nothing
 * stored is refused rather than saved as if it were the secret.
 */
export function mergeSecrets(key: IntegrationKey, incoming: Fields, stored: Secrets): Secrets {
  const merged: Secrets = {};
  const stale: string[] = [];
  for (const field of secretFieldsOf(key)) {
    const value = incoming[field];
    if (typeof value !== 'string' || value === '') continue;
    const storedValue = stored[field];
    if (storedValue !== undefined && value === maskSecret(storedValue)) merged[field] = storedValue;
    else if (isMaskedSecret(value)) stale.push(field);
    else merged[field] = value;
  }
  if (stale.length) throw new ApiError(400, 'INVALID_INPUT', 'A masked secret does not match the stored one: enter the secret again', stale);
  return merged;
}

/** Settings as answers show them: every secret field masked ('' when none is stored). */
export function withMaskedSecrets(key: IntegrationKey, plain: Fields, secrets: Record<string, string | null>): Fields {
  const shown: Fields = { ...plain };
  for (const field of secretFieldsOf(key)) {
    const secret = secrets[field];
    // null: stored but unreadable (the key changed) — shown as set, without any of its characters.
    shown[field] = secret === null ? SECRET_MASK : maskSecret(secret ?? '');
  }
  return shown;
}
