import type { TFunction } from 'i18next';

/** The translated SPEC §8 message of a code, or the generic one for a code the catalogs do not know. */
export function messageForCode(code: string, t: TFunction): string {
  return t(`errors.${code}`, { defaultValue: '' }) || t('errors.unexpected');
}
