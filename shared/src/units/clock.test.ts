import { ownTwelveHourClock, twelveHourClockOf } from './clock';

describe('the 12-hour clock', () => {
  it("is the user's attribute when set, in either direction, else the server's", () => {
    expect(twelveHourClockOf({ attributes: { twelveHourFormat: true } }, { twelveHourFormat: false })).toBe(true);
    expect(twelveHourClockOf({ attributes: { twelveHourFormat: false } }, { twelveHourFormat: true })).toBe(false);
    expect(twelveHourClockOf({ attributes: {} }, { twelveHourFormat: true })).toBe(true);
    expect(twelveHourClockOf(null, null)).toBe(false);
  });

  it("is the server's when the server forces its settings", () => {
    expect(twelveHourClockOf({ attributes: { twelveHourFormat: true } }, { twelveHourFormat: false, forceSettings: true })).toBe(false);
  });

  it('reads a choice stored as text (an attribute typed in by hand)', () => {
    expect(ownTwelveHourClock({ attributes: { twelveHourFormat: 'true' } })).toBe(true);
    expect(ownTwelveHourClock({ attributes: { twelveHourFormat: 'yes' } })).toBeNull();
  });
});
