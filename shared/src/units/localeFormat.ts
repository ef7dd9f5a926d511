import { toSupportedLanguage } from '../i18n/language';
import { formatterFor } from './formatterCache';
import type { SupportedLanguage } from '../i18n/language';

/**
 * Numbers, money and dates in the reader's language. SPEC §9: amounts are R$ with two decimals in
 * Portuguese and Spanish and $ in English — the symbol follows the language, not a currency code,
 * because Intl would write Spanish reais as "1234,50 BRL"-style suffixes.
 */

const currencySymbol: Record<SupportedLanguage, string> = { 'pt-BR': 'R$', es: 'R$', 'en-US': '$' };

function languageOf(language: string): SupportedLanguage {
  return toSupportedLanguage(language) ?? 'pt-BR';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, language: string, fractionDigits?: number): string {
  const supported = languageOf(language);
  const format = formatterFor(numberFormats, `${supported}|${fractionDigits ?? ''}`, () =>
    new Intl.NumberFormat(supported, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits ?? 3,
      // "always": Spanish otherwise leaves four-digit amounts ungrouped (1234,50 next to 12.345,00).
      useGrouping: 'always',
    }),
  );
  return format.format(value);
}

/** "R$ 1.234,50" (pt-BR, es), "$1,234.50" (en-US). */
export function formatCurrency(value: number, language: string): string {
  const supported = languageOf(language);
  const amount = formatNumber(Math.abs(value), supported, 2);
  const sign = value < 0 ? '-' : '';
  return supported === 'en-US' ? `${sign}${currencySymbol[supported]}${amount}` : `${sign}${currencySymbol[supported]} ${amount}`;
}

export type DateStyle = 'date' | 'dateTime' | 'time';

const dateStyles: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'short' },
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  time: { timeStyle: 'short' },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date in the reader's language; an unreadable date gives '' rather than "Invalid Date". */
export function formatDate(date: string | number | Date, language: string, style: DateStyle = 'dateTime', options: { timeZone?: string; hour12?: boolean } = {}): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const supported = languageOf(language);
  const key = `${supported}|${style}|${options.timeZone ?? ''}|${options.hour12 ?? ''}`;
  return formatterFor(dateFormats, key, () => new Intl.DateTimeFormat(supported, { ...dateStyles[style], ...options })).format(value);
}
