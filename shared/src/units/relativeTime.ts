import { formatterFor } from './formatterCache';

const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "há 5 minutos" / "hace 5 minutos" / "5 minutes ago", in the given language. */
export function formatRelativeTime(isoDate: string, language: string, now: number = Date.now()): string {
  let amount = (Date.parse(isoDate) - now) / 1000;
  const format = formatterFor(relativeFormats, language, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
