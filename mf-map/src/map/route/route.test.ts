import type { Position } from '@rastro/shared';
import { speedColour, speedScaleTop, trackColour } from './routeColours';
import { routeFeatures } from './routeFeatures';
import { advancePlayback, bearing, pointAt, pointsAt, routePlay, routeTimeline } from './routeTimeline';
import { simplifiedIndexes, trackSimplifier } from './simplifyTrack';

function fix(minute: number, longitude: number, latitude: number, speed = 0, course = 0, deviceId = 1): Position {
  const time = new Date(Date.UTC(2026, 10, 23, 12, minute)).toISOString();
  return { id: minute, deviceId, serverTime: time, deviceTime: time, fixTime: time, latitude, longitude, speed, course, attributes: {} };
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
    const play = routePlay([fix(0, 0, 0, 0), fix(1, 1, 0.5, 40), fix(2, 2, 0, 40)]);
    const { segments, markers } = routeFeatures(play, { stops: [{ latitude: 0, longitude: 1 }], events: [{ latitude: 0, longitude: 2, type: 'ignitionOff' }, { latitude: 0, longitude: 1, type: 'alarm', alarm: 'sos' }] }, labels, 10);
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
    const { segments, markers } = routeFeatures(routePlay([fix(0, 5, 5)]), {}, labels, 10);
    expect(segments.features).toEqual([]);
    expect(markers.features.map((marker) => marker.properties.kind)).toEqual(['start']);
  });
});

describe('routes of several devices', () => {
  // Device 7 drives east from minute 0 to 10; device 3 drives north from minute 5 to 20.
  const positions = [fix(0, 0, 0, 10, 0, 7), fix(5, 0, 0, 10, 0, 3), fix(10, 1, 0, 10, 0, 7), fix(20, 0, 1, 10, 0, 3)];
  const play = routePlay(positions);

  it('makes one track per device, on one clock from the first fix of any to the last', () => {
    expect(play.tracks.map((track) => [track.deviceId, track.timeline.points.length])).toEqual([[7, 2], [3, 2]]);
    expect(play.startTime).toBe(Date.UTC(2026, 10, 23, 12, 0));
    expect(play.duration).toBe(20 * 60_000);
  });

  it('moves every device at the same moment; one not started waits at its start, one done stays at its end', () => {
    expect(pointsAt(play, 0).map((point) => point.lngLat)).toEqual([[0, 0], [0, 0]]);
    const atTen = pointsAt(play, 10 * 60_000);
    expect(atTen.map((point) => point.time)).toEqual([Date.UTC(2026, 10, 23, 12, 10), Date.UTC(2026, 10, 23, 12, 10)]);
    expect(atTen[0]!.lngLat).toEqual([1, 0]);
    expect(atTen[1]!.lngLat[1]).toBeCloseTo(1 / 3);
    expect(pointsAt(play, 99 * 60_000).map((point) => point.lngLat)).toEqual([[1, 0], [0, 1]]);
  });

  it("draws each device's line in its own colour, with its own start and end", () => {
    const { segments, markers } = routeFeatures(play, {}, labels, 10);
    expect(segments.features.map((line) => line.properties.colour)).toEqual([trackColour(0), trackColour(1)]);
    expect(new Set(Array.from({ length: 30 }, (_, index) => trackColour(index))).size).toBe(30);
    expect(markers.features.map((marker) => marker.properties.kind)).toEqual(['start', 'end', 'start', 'end']);
  });

  it('has nothing to play for no positions', () => {
    expect(routePlay([])).toMatchObject({ tracks: [], startTime: 0, duration: 0, maxSpeed: 0 });
    expect(pointsAt(routePlay([]), 0)).toEqual([]);
  });
});

describe('a long route simplified for the zoom', () => {
  // A day of fixes every 10 s wandering about a straight road: 8,640 points.
  const day = Array.from({ length: 8_640 }, (_, index) => {
    const time = new Date(Date.UTC(2026, 10, 23) + index * 10_000).toISOString();
    const wobble = index % 2 === 0 ? 0.00001 : -0.00001;
    return { id: index, deviceId: 1, serverTime: time, deviceTime: time, fixTime: time, latitude: -23.5 + wobble, longitude: -46.7 + index * 0.0001, speed: 20, course: 90, attributes: {} } as Position;
  });
  const play = routePlay(day);
  const points = play.tracks[0]!.timeline.points;

  it('keeps far fewer fixes zoomed out than in, always the first and the last', () => {
    const far = simplifiedIndexes(points, 8);
    const near = simplifiedIndexes(points, 20);
    expect(far.length).toBeLessThan(20);
    expect(near.length).toBeGreaterThan(far.length * 100);
    expect(far[0]).toBe(0);
    expect(far.at(-1)).toBe(points.length - 1);
    expect(near).toEqual([...new Set(near)].sort((a, b) => a - b));
  });

  it('simplifies a week of fixes every 10 s without overflowing the stack, however close the zoom', () => {
    const week = Array.from({ length: 60_480 }, (_, index) => ({ lngLat: [-46.7 + index * 0.00001, -23.5 + (index % 2) * 0.00001] as [number, number], time: index * 10_000, speed: 20, course: 90 }));
    expect(simplifiedIndexes(week, 22).length).toBeGreaterThan(60_000);
    expect(simplifiedIndexes(week, 5).length).toBeLessThan(100);
  });

  it('can be worked out a piece at a time, for a page that must not stall, to the same fixes', () => {
    const simplifier = trackSimplifier(points);
    let slices = 1;
    // A deadline already past: each call does one piece of 1,000 fixes, then says whether it is done.
    while (!simplifier.prepare(20, 0)) slices += 1;
    expect(slices).toBe(9);
    expect(simplifier.at(20)).toEqual(simplifiedIndexes(points, 20));
    expect(trackSimplifier(points).prepare(20, Infinity)).toBe(true);
  });

  it('draws the simplified line while the playback keeps every fix', () => {
    const drawn = routeFeatures(play, {}, labels, 8).segments.features.reduce((count, line) => count + line.geometry.coordinates.length, 0);
    expect(drawn).toBeLessThan(30);
    expect(pointsAt(play, 10_000)[0]!.lngLat[0]).toBeCloseTo(-46.6999);
    expect(play.tracks[0]!.timeline.points).toHaveLength(8_640);
  });
});
