import { ApiError, i18n } from '@rastro/shared';

interface ErrorBody {
  message?: string;
  providerErrors?: Array<{ code: string; description: string }>;
}

function bodyOf(error: ApiError): ErrorBody {
  try {
    const parsed: unknown = JSON.parse(error.body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ErrorBody) : {};
  } catch {
    return {};
  }
}

/** Asaas's error list in the reader's language: the codes billing knows translated, the others by Asaas's own description. */
function providerReasons(errors: ErrorBody['providerErrors'], fallback: string): string {
  if (!errors?.length) return fallback;
  return errors.map(({ code, description }) => (i18n.exists(`billing.provider.${code}`) ? i18n.t(`billing.provider.${code}`) : description)).join(' ');
}

function byCode(code: string, details: string, errors?: ErrorBody['providerErrors']): string | null {
  if (!i18n.exists(`errors.${code}`)) return null;
  return i18n.t(`errors.${code}`, { reasons: providerReasons(errors, details), reason: details, interpolation: { escapeValue: false } });
}

/**
 * SPEC §8 for billing: a refusal of the gateway (or, through it, of the payment provider or the
 * mail server) in the reader's language, by its code; Asaas's own error list item by item.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('billing.common.unexpected');
  const body = bodyOf(error);
  return byCode(error.code, body.message ?? '', body.providerErrors) ?? i18n.t('billing.common.unexpected');
}

/** An invoice's last charge failure (`CODE: details`, as the gateway keeps it) in the reader's language. */
export function providerErrorMessage(text: string): string {
  const match = /^([A-Z_]+): (.*)$/s.exec(text);
  return (match && byCode(match[1] as string, match[2] as string)) ?? text;
}
