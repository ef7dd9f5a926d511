import type { Server, User } from '@rastro/shared';
import { axisTimes, formatAltitude, formatDistance, formatDuration, formatSpeed, formatTime, unitSettingsOf } from './userUnits';

const user = (attributes: Record<string, unknown>, extra: Partial<User> = {}) => ({ id: 1, name: 'Ana', email: 'a@b.c', attributes, ...extra }) as User;
const server = (attributes: Record<string, unknown>) => ({ id: 1, attributes }) as Server;

describe('units from the user’s settings (SPEC §9)', () => {
  it('converts knots to km/h, mph or knots as the user chose, else as the server did', () => {
    expect(formatSpeed(10, unitSettingsOf(null, null, 'pt-BR'))).toBe('19 km/h');
    expect(formatSpeed(10, unitSettingsOf(user({ speedUnit: 'mph' }), server({ speedUnit: 'kn' }), 'en-US'))).toBe('12 mph');
    expect(formatSpeed(10, unitSettingsOf(user({}), server({ speedUnit: 'kn' }), 'en-US'))).toBe('10 kn');
  });

  it('writes metres in km or miles, and altitudes in metres or feet, with the language’s marks', () => {
    expect(formatDistance(12_345, unitSettingsOf(null, null, 'pt-BR'))).toBe('12,3 km');
    expect(formatDistance(12_345, unitSettingsOf(user({ distanceUnit: 'mi' }), null, 'en-US'))).toBe('7.7 mi');
    expect(formatAltitude(100, unitSettingsOf(user({ altitudeUnit: 'ft' }), null, 'en-US'))).toBe('328 ft');
  });

  it('writes durations as hours and minutes', () => {
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 05 min');
    expect(formatDuration(0)).toBe('0 h 00 min');
  });

  it('shows instants in the user’s time zone and clock, ignoring an unknown zone', () => {
    const units = unitSettingsOf(user({ timezone: 'America/Sao_Paulo' }), server({ timezone: 'Asia/Tokyo' }), 'pt-BR');
    expect(units.timeZone).toBe('America/Sao_Paulo');
    expect(formatTime('2026-11-26T02:30:00Z', units).replace(/\s/g, ' ')).toBe('25/11/2026, 23:30');
    expect(unitSettingsOf(user({ timezone: 'Mars/Base' }), server({ timezone: 'Asia/Tokyo' }), 'pt-BR').timeZone).toBe('Asia/Tokyo');
    // The user's clock is the attribute the user form and My account write; the server's field otherwise.
    const twelve = unitSettingsOf(user({ timezone: 'UTC', twelveHourFormat: true }), server({}), 'en-US');
    expect(formatTime('2026-11-26T14:30:00Z', twelve).replace(/\s/g, ' ')).toBe('11/26/26, 2:30 PM');
    expect(unitSettingsOf(user({}), { id: 1, twelveHourFormat: true, attributes: {} }, 'en-US').hour12).toBe(true);
    expect(unitSettingsOf(user({ twelveHourFormat: false }), { id: 1, twelveHourFormat: true, attributes: {} }, 'en-US').hour12).toBe(false);
  });

  it('labels a chart’s time axis in the user’s language and zone: times within a day, dates beyond', () => {
    const units = unitSettingsOf(user({ timezone: 'America/Sao_Paulo' }), null, 'pt-BR');
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(axisTimes([at('2026-11-26T02:30:00Z'), at('2026-11-26T14:00:00Z')], units)).toEqual(['23:30', '11:00']);
    expect(axisTimes([at('2026-11-20T12:00:00Z'), at('2026-11-26T12:00:00Z')], units)).toEqual(['20/11/2026', '26/11/2026']);
  });
});
