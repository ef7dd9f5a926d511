import { formatDate, parseIsoDate } from './dates';

describe('dates as Traccar writes and reads them', () => {
  it('writes ISO-8601 with milliseconds and a +00:00 offset', () => {
    expect(formatDate(new Date(Date.UTC(2024, 4, 1, 12, 34, 56)))).toBe('2024-05-01T12:34:56.000+00:00');
    expect(formatDate(null)).toBeNull();
  });

  it('reads query dates only with a zone', () => {
    expect(parseIsoDate('2024-05-01T12:00:00Z')?.toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(parseIsoDate('2024-05-01T09:00:00.000-03:00')?.toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(parseIsoDate('2024-05-01T12:00:00')).toBeNull();
    expect(parseIsoDate('yesterday')).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
  });
});
