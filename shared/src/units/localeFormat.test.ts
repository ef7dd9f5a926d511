import { formatCurrency, formatDate, formatNumber } from './localeFormat';

// Intl may put a no-break space between symbol and amount: compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('currency (SPEC §9)', () => {
  it('is R$ with two decimals in Portuguese and Spanish', () => {
    expect(plain(formatCurrency(1234.5, 'pt-BR'))).toBe('R$ 1.234,50');
    expect(plain(formatCurrency(1234.5, 'es'))).toBe('R$ 1.234,50');
    expect(plain(formatCurrency(0.1 + 0.2, 'pt-BR'))).toBe('R$ 0,30');
  });

  it('is $ in English', () => {
    expect(formatCurrency(1234.5, 'en-US')).toBe('$1,234.50');
    expect(formatCurrency(-20, 'en-US')).toBe('-$20.00');
  });

  it('follows regional tags onto the shipped languages', () => {
    expect(plain(formatCurrency(10, 'es-AR'))).toBe('R$ 10,00');
    expect(formatCurrency(10, 'en-GB')).toBe('$10.00');
  });
});

describe('numbers', () => {
  it('use the decimal and grouping marks of the language', () => {
    expect(formatNumber(12345.678, 'pt-BR', 1)).toBe('12.345,7');
    expect(formatNumber(12345.678, 'en-US', 1)).toBe('12,345.7');
    expect(formatNumber(1234, 'es')).toBe('1.234');
  });
});

describe('dates', () => {
  const instant = '2026-03-05T14:07:00Z';

  it('are written day-first in Portuguese and Spanish, month-first in English', () => {
    expect(formatDate(instant, 'pt-BR', 'date', { timeZone: 'UTC' })).toBe('05/03/2026');
    expect(formatDate(instant, 'es', 'date', { timeZone: 'UTC' })).toBe('5/3/26');
    expect(formatDate(instant, 'en-US', 'date', { timeZone: 'UTC' })).toBe('3/5/26');
  });

  it('show the time in the 24-hour or 12-hour clock as asked', () => {
    expect(plain(formatDate(instant, 'pt-BR', 'time', { timeZone: 'UTC' }))).toBe('14:07');
    expect(plain(formatDate(instant, 'en-US', 'time', { timeZone: 'UTC', hour12: true }))).toBe('2:07 PM');
  });

  it('give nothing for an unreadable date', () => {
    expect(formatDate('not a date', 'pt-BR')).toBe('');
  });
});
