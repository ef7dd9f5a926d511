import { circleAreaKm2, circleRing, distanceMetres, summarizeGeofenceArea } from './area';
import { formatGeofenceArea, parseGeofenceArea } from './wkt';
import type { GeofenceArea } from './wkt';

describe('geofence WKT (latitude first, as Traccar writes it)', () => {
  it('reads a CIRCLE as a longitude-first centre and a radius in metres', () => {
    expect(parseGeofenceArea('CIRCLE (-23.5372 -46.7395, 300)')).toEqual({ type: 'circle', center: [-46.7395, -23.5372], radius: 300 });
    expect(parseGeofenceArea('circle(-23.5 -46.7,150.5)')).toEqual({ type: 'circle', center: [-46.7, -23.5], radius: 150.5 });
  });

  it('reads a POLYGON without its closing point and a LINESTRING as is', () => {
    expect(parseGeofenceArea('POLYGON ((-23.5 -46.6, -23.6 -46.6, -23.6 -46.7, -23.5 -46.6))')).toEqual({
      type: 'polygon',
      points: [
        [-46.6, -23.5],
        [-46.6, -23.6],
        [-46.7, -23.6],
      ],
    });
    expect(parseGeofenceArea('LINESTRING (-23.5558 -46.6625, -23.5613 -46.6562)')).toEqual({
      type: 'line',
      points: [
        [-46.6625, -23.5558],
        [-46.6562, -23.5613],
      ],
    });
  });

  it('refuses what is not a usable area', () => {
    for (const text of ['', 'POINT (1 2)', 'CIRCLE (-23 -46, 0)', 'CIRCLE (95 10, 5)', 'POLYGON ((1 2, 3 4, 1 2))', 'LINESTRING (1 2)', 'nonsense']) {
      expect(parseGeofenceArea(text)).toBeNull();
    }
  });

  it('writes latitude first, closes polygon rings, and reads back what it wrote', () => {
    const circle: GeofenceArea = { type: 'circle', center: [-46.7395, -23.5372], radius: 150 };
    expect(formatGeofenceArea(circle)).toBe('CIRCLE (-23.5372 -46.7395, 150)');
    const polygon: GeofenceArea = { type: 'polygon', points: [[-46.6, -23.5], [-46.6, -23.6], [-46.7, -23.6]] };
    expect(formatGeofenceArea(polygon)).toBe(
      'POLYGON ((-23.5 -46.6, -23.6 -46.6, -23.6 -46.7, -23.5 -46.6))',
    );
    const line: GeofenceArea = { type: 'line', points: [[-46.66250001234, -23.5558], [-46.6562, -23.5613]] };
    expect(formatGeofenceArea(line)).toBe('LINESTRING (-23.5558 -46.6625, -23.5613 -46.6562)');
    expect(parseGeofenceArea(formatGeofenceArea({ type: 'circle', center: [-46.7395, -23.5372], radius: 150 }))).toEqual(circle);
  });
});

describe('geofence area display (SPEC §4)', () => {
  it('is π·r² in km² for a circle', () => {
    expect(circleAreaKm2(1000)).toBeCloseTo(Math.PI, 10);
    expect(summarizeGeofenceArea('circle', 1, 150)).toEqual({ kind: 'km2', value: circleAreaKm2(150) });
  });

  it('is a point count for the other shapes (and for a circle without its radius yet), undefined with no points', () => {
    expect(summarizeGeofenceArea('polygon', 4, null)).toEqual({ kind: 'points', value: 4 });
    expect(summarizeGeofenceArea('line', 2, null)).toEqual({ kind: 'points', value: 2 });
    expect(summarizeGeofenceArea('circle', 1, null)).toEqual({ kind: 'points', value: 1 });
    expect(summarizeGeofenceArea('polygon', 0, null)).toEqual({ kind: 'undefined' });
  });

  it('measures distances and draws circles of the right size', () => {
    // One degree of latitude is about 111.2 km.
    expect(distanceMetres([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
    const ring = circleRing([-46.7, -23.5], 300, 32);
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    for (const point of ring) expect(distanceMetres([-46.7, -23.5], point)).toBeCloseTo(300, 3);
  });
});
