import type { Position } from '@rastro/shared';
import { speedColour, speedScaleTop } from './routeColours';
import { routeFeatures } from './routeFeatures';
import { advancePlayback, bearing, pointAt, routeTimeline } from './routeTimeline';

function fix(minute: number, longitude: number, latitude: number, speed = 0, course = 0): Position {
  const time = new Date(Date.UTC(2026, 10, 23, 12, minute)).toISOString();
  return { id: minute, deviceId: 1, serverTime: time, deviceTime: time, fixTime: time, latitude, longitude, speed, course, attributes: {} };
}

const labels = { start: 'Start', end: 'End', stop: 'Stop', event: (type: string, alarm?: string) => `event ${type}${alarm ? ` ${alarm}` : ''}` };

describe('route timeline and playback position', () => {
  const timeline = routeTimeline([fix(10, -46.6, -23.5, 20), fix(0, -46.7, -23.5, 0), fix(20, -46.6, -23.5, 0, 90)]);

  it('puts the fixes in time order and knows the span and top speed', () => {
    expect(timeline.points.map((point) => point.lngLat[0])).toEqual([-46.7, -46.6, -46.6]);
    expect(timeline.duration).toBe(20 * 60_000);
    expect(timeline.maxSpeed).toBe(20);
  });

  it('moves the marker along the line between fixes in proportion to time, heading the way the route goes', () => {
    const quarter = pointAt(timeline, 2.5 * 60_000)!;
    expect(quarter.lngLat[0]).toBeCloseTo(-46.675);
    expect(quarter.lngLat[1]).toBeCloseTo(-23.5);
    expect(quarter.speed).toBeCloseTo(5);
    expect(quarter.course).toBeCloseTo(90, 0);
    expect(quarter.index).toBe(0);
    expect(quarter.time).toBe(Date.UTC(2026, 10, 23, 12, 2, 30));
  });

  it('keeps a device that stood still in place with its own course, and clamps to the ends', () => {
    const parked = pointAt(timeline, 15 * 60_000)!;
    expect(parked.lngLat).toEqual([-46.6, -23.5]);
    expect(parked.course).toBe(0);
    expect(pointAt(timeline, -5_000)!.lngLat).toEqual([-46.7, -23.5]);
    const end = pointAt(timeline, 99 * 60_000)!;
    expect(end.lngLat).toEqual([-46.6, -23.5]);
    expect(end.index).toBe(2);
    expect(end.course).toBe(90);
  });

  it('has nothing to show for an empty route and one place for a single fix', () => {
    expect(pointAt(routeTimeline([]), 0)).toBeNull();
    const single = routeTimeline([fix(0, 1, 2)]);
    expect(single.duration).toBe(0);
    expect(pointAt(single, 1000)!.lngLat).toEqual([1, 2]);
  });

  it('crosses the antimeridian the short way', () => {
    const crossing = routeTimeline([fix(0, 179.5, 0), fix(1, -179.5, 0)]);
    expect(pointAt(crossing, 30_000)!.lngLat[0]).toBeCloseTo(180);
    expect(pointAt(crossing, 45_000)!.lngLat[0]).toBeCloseTo(-179.75);
    expect(bearing([179.5, 0], [-179.5, 0])).toBeCloseTo(90);
  });

  it('advances by real time × rate and stops at the end', () => {
    expect(advancePlayback(0, 16, 60, 60_000)).toEqual({ elapsed: 960, ended: false });
    expect(advancePlayback(59_500, 16, 60, 60_000)).toEqual({ elapsed: 60_000, ended: true });
  });
});

describe('route colours by speed', () => {
  const channels = (colour: string) => [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16)) as [number, number, number];

  it('runs from green when standing, through yellow, to red at the top of the scale', () => {
    const [red0, green0, blue0] = channels(speedColour(0, 50));
    expect(green0).toBeGreaterThan(150);
    expect(Math.max(red0, blue0)).toBeLessThan(40);
    const [redTop, greenTop] = channels(speedColour(50, 50));
    expect(redTop).toBeGreaterThan(150);
    expect(greenTop).toBeLessThan(40);
    expect(speedColour(80, 50)).toBe(speedColour(50, 50));
    const [red, green, blue] = channels(speedColour(25, 50));
    expect(Math.abs(red - green)).toBeLessThanOrEqual(1);
    expect(blue).toBeLessThan(40);
  });

  it('keeps a slow route green rather than red at walking pace', () => {
    expect(speedScaleTop(3)).toBe(10);
    expect(speedColour(3, speedScaleTop(3))).not.toBe(speedColour(10, 10));
    expect(speedScaleTop(60)).toBe(60);
  });
});

describe('route features', () => {
  it('draws one coloured line per pair of fixes, and start, end, stop and event markers', () => {
    const timeline = routeTimeline([fix(0, 0, 0, 0), fix(1, 1, 0, 40), fix(2, 2, 0, 40)]);
    const { segments, markers } = routeFeatures(timeline, { stops: [{ latitude: 0, longitude: 1 }], events: [{ latitude: 0, longitude: 2, type: 'ignitionOff' }, { latitude: 0, longitude: 1, type: 'alarm', alarm: 'sos' }] }, labels);
    expect(segments.features).toHaveLength(2);
    expect(segments.features[0]!.properties.colour).not.toBe(segments.features[1]!.properties.colour);
    expect(segments.features[1]!.properties.colour).toBe(speedColour(40, 40));
    expect(markers.features.map((marker) => [marker.properties.kind, marker.properties.label, marker.geometry.coordinates])).toEqual([
      ['stop', 'Stop', [1, 0]],
      ['event', 'event ignitionOff', [2, 0]],
      ['event', 'event alarm sos', [1, 0]],
      ['start', 'Start', [0, 0]],
      ['end', 'End', [2, 0]],
    ]);
  });

  it('marks a single fix as the start only', () => {
    const { segments, markers } = routeFeatures(routeTimeline([fix(0, 5, 5)]), {}, labels);
    expect(segments.features).toEqual([]);
    expect(markers.features.map((marker) => marker.properties.kind)).toEqual(['start']);
  });
});
