import { periodRange, type Period } from './period';

const shortcut = (name: Period['shortcut'], customFrom = '', customTo = ''): Period => ({ shortcut: name, customFrom, customTo });
const hours = ({ from, to }: { from: string; to: string }) => (Date.parse(to) + 1 - Date.parse(from)) / 3_600_000;

describe('period shortcuts in the user’s time zone (SPEC §9)', () => {
  // 02:30 UTC on 26 Nov 2026: still the 25th in São Paulo (UTC−3), already the 26th in Lisbon.
  const now = Date.parse('2026-11-26T02:30:00Z');

  it('today is the user’s calendar day, not the browser’s or UTC’s', () => {
    expect(periodRange(shortcut('today'), 'America/Sao_Paulo', now)).toEqual({
      from: '2026-11-25T03:00:00.000Z',
      to: '2026-11-26T02:59:59.999Z',
      firstDay: '2026-11-25',
      lastDay: '2026-11-25',
    });
    expect(periodRange(shortcut('today'), 'Europe/Lisbon', now)).toMatchObject({ from: '2026-11-26T00:00:00.000Z', to: '2026-11-26T23:59:59.999Z' });
    expect(periodRange(shortcut('today'), 'Asia/Tokyo', now)).toMatchObject({ from: '2026-11-25T15:00:00.000Z', firstDay: '2026-11-26' });
  });

  it('yesterday is the whole day before', () => {
    expect(periodRange(shortcut('yesterday'), 'America/Sao_Paulo', now)).toMatchObject({ from: '2026-11-24T03:00:00.000Z', to: '2026-11-25T02:59:59.999Z' });
  });

  it('last 7, 30 and 90 days end today and count today among them', () => {
    expect(periodRange(shortcut('last7'), 'America/Sao_Paulo', now)).toMatchObject({ firstDay: '2026-11-19', lastDay: '2026-11-25' });
    expect(periodRange(shortcut('last30'), 'America/Sao_Paulo', now)).toMatchObject({ firstDay: '2026-10-27', lastDay: '2026-11-25' });
    expect(hours(periodRange(shortcut('last90'), 'UTC', now))).toBe(90 * 24);
  });

  it('a day with a clock change lasts 23 or 25 hours, and its midnight is the local one', () => {
    // New York springs forward on 8 March 2026 and falls back on 1 November 2026.
    const spring = periodRange(shortcut('today'), 'America/New_York', Date.parse('2026-03-08T18:00:00Z'));
    expect(spring).toMatchObject({ from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T03:59:59.999Z' });
    expect(hours(spring)).toBe(23);
    const autumn = periodRange(shortcut('yesterday'), 'America/New_York', Date.parse('2026-11-02T15:00:00Z'));
    expect(autumn).toMatchObject({ from: '2026-11-01T04:00:00.000Z', to: '2026-11-02T04:59:59.999Z' });
    expect(hours(autumn)).toBe(25);
    // A week across the change holds one hour fewer.
    expect(hours(periodRange(shortcut('last7'), 'America/New_York', Date.parse('2026-03-10T18:00:00Z')))).toBe(7 * 24 - 1);
  });

  it('a custom range takes whole days in the user’s zone, in either order', () => {
    const range = periodRange(shortcut('custom', '2026-11-10', '2026-11-01'), 'America/Sao_Paulo', now);
    expect(range).toEqual({ from: '2026-11-01T03:00:00.000Z', to: '2026-11-11T02:59:59.999Z', firstDay: '2026-11-01', lastDay: '2026-11-10' });
  });
});
