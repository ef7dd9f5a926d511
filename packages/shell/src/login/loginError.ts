import { ApiError } from '@rastro/shared';
import type { TFunction } from 'i18next';

/** The translated message for a failed sign-in: the SPEC §8 code when we know it, else a generic one. */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  const code = error instanceof ApiError ? error.code : 'unexpected';
  const key = `errors.${code}`;
  return t(key, { defaultValue: '' }) || t('errors.unexpected');
}
