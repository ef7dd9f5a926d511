import { ApiError, i18n } from '@rastro/shared';

/**
 * SPEC §8: a refusal is shown by its code when the catalog knows it (USER_DEVICE_LIMIT_REACHED,
 * ACCOUNT_IS_READONLY…), otherwise by the screen's own message for that action.
 */
export function errorMessage(error: unknown, fallbackKey: string): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code && i18n.exists(`errors.${code}`)) return i18n.t(`errors.${code}`);
  return i18n.t(fallbackKey);
}
