import type { User } from '@rastro/shared';
import { coordinateFormatOf, formatCoordinate, formatDistance, formatSpeed, pinnedAttributesOf, speedUnitOf } from './userUnits';

const user = (attributes: Record<string, unknown> = {}, extra: Partial<User> = {}): User => ({ id: 1, name: 'A', email: 'a', attributes, ...extra });

describe('user units', () => {
  it('converts knots to the user unit', () => {
    expect(speedUnitOf(user({ speedUnit: 'mph' }), null)).toBe('mph');
    expect(speedUnitOf(null, { id: 1, attributes: { speedUnit: 'kn' } })).toBe('kn');
    expect(speedUnitOf(user(), null)).toBe('kmh');
    expect(formatSpeed(10, 'kmh', 'pt-BR')).toBe('19 km/h');
    expect(formatSpeed(10, 'mph', 'en-US')).toBe('12 mph');
    expect(formatSpeed(10, 'kn', 'en-US')).toBe('10 kn');
  });

  it('shows metres as km or miles', () => {
    expect(formatDistance(12345, user(), null, 'pt-BR')).toBe('12,3 km');
    expect(formatDistance(10000, user({ distanceUnit: 'mi' }), null, 'en-US')).toBe('6.2 mi');
  });

  it('writes coordinates in the chosen format', () => {
    expect(coordinateFormatOf(user({}, { coordinateFormat: 'dms' }), null)).toBe('dms');
    expect(formatCoordinate(-23.55052, 'latitude', 'dd')).toBe('-23.550520');
    expect(formatCoordinate(-23.55052, 'latitude', 'ddm')).toBe("23° 33.0312' S");
    expect(formatCoordinate(-46.633308, 'longitude', 'dms')).toBe('46° 37\' 59.91" W');
    // Values just under a whole minute or degree carry over instead of showing 60.
    expect(formatCoordinate(-23.55, 'latitude', 'dms')).toBe('23° 33\' 0.00" S');
    expect(formatCoordinate(12.9999999, 'latitude', 'ddm')).toBe("13° 0.0000' N");
    expect(formatCoordinate(12.99999999, 'longitude', 'dms')).toBe('13° 0\' 0.00" E');
  });

  it('reads the pinned attributes list', () => {
    expect(pinnedAttributesOf(user({ 'rastro.deviceAttributes': 'plate, fuel,,' }), null)).toEqual(['plate', 'fuel']);
    expect(pinnedAttributesOf(user(), null)).toEqual([]);
  });
});
