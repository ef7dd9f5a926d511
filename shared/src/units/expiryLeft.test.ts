import { expiryLeft } from './expiryLeft';

const now = Date.parse('2026-05-01T12:00:00Z');
const inMs = (ms: number) => new Date(now + ms).toISOString();

describe('shared-link expiry countdown (SPEC §4)', () => {
  it('counts in days while a day or more is left', () => {
    expect(expiryLeft(inMs(3 * 86_400_000 + 5_000), now)).toEqual({ expired: false, unit: 'days', count: 3 });
    expect(expiryLeft(inMs(86_400_000), now)).toEqual({ expired: false, unit: 'days', count: 1 });
  });

  it('then in hours, minutes and seconds', () => {
    expect(expiryLeft(inMs(86_400_000 - 1), now)).toEqual({ expired: false, unit: 'hours', count: 23 });
    expect(expiryLeft(inMs(2 * 3_600_000 + 59 * 60_000), now)).toEqual({ expired: false, unit: 'hours', count: 2 });
    expect(expiryLeft(inMs(59 * 60_000 + 59_000), now)).toEqual({ expired: false, unit: 'minutes', count: 59 });
    expect(expiryLeft(inMs(59_999), now)).toEqual({ expired: false, unit: 'seconds', count: 59 });
    expect(expiryLeft(inMs(300), now)).toEqual({ expired: false, unit: 'seconds', count: 1 });
  });

  it('says expired once the time is past', () => {
    expect(expiryLeft(inMs(0), now)).toEqual({ expired: true });
    expect(expiryLeft(inMs(-60_000), now)).toEqual({ expired: true });
  });

  it('has nothing to count without a readable expiry', () => {
    expect(expiryLeft(null, now)).toBeNull();
    expect(expiryLeft('someday', now)).toBeNull();
  });
});
