import type { LngLat, Position } from '@rastro/shared';
import { trackSimplifier } from './simplifyTrack';
import type { TrackSimplifier } from './simplifyTrack';

/** One fix of a route, reduced to what drawing and playback need. */
export interface RoutePoint {
  lngLat: LngLat;
  /** Epoch milliseconds of the fix. */
  time: number;
  /** Knots, as the tracking server sends it. */
  speed: number;
  course: number;
}

export interface RouteTimeline {
  /** In time order; fixes without a usable place or time are left out. */
  points: RoutePoint[];
  /** Epoch milliseconds of the first fix (0 with no points). */
  startTime: number;
  /** From the first fix to the last, in milliseconds. */
  duration: number;
  maxSpeed: number;
}

/** Where the playback marker is at one moment of the route. */
export interface PlaybackPoint {
  lngLat: LngLat;
  /** Epoch milliseconds. */
  time: number;
  speed: number;
  /** Degrees clockwise from north: the way the route goes here. */
  course: number;
  /** The fix just passed (or reached). */
  index: number;
}

export function routeTimeline(positions: readonly Position[]): RouteTimeline {
  const points = positions
    .map((position) => ({ lngLat: [position.longitude, position.latitude] as LngLat, time: Date.parse(position.fixTime ?? ''), speed: position.speed ?? 0, course: position.course ?? 0 }))
    .filter((point) => Number.isFinite(point.time) && Number.isFinite(point.lngLat[0]) && Number.isFinite(point.lngLat[1]))
    // Reports answer in time order; a route assembled elsewhere may not be. The sort is stable.
    .sort((a, b) => a.time - b.time);
  const first = points[0];
  const last = points[points.length - 1];
  return {
    points,
    startTime: first?.time ?? 0,
    duration: first && last ? last.time - first.time : 0,
    maxSpeed: points.reduce((max, point) => Math.max(max, point.speed), 0),
  };
}

/** One device's part of a route. */
export interface RouteTrack {
  deviceId: number;
  timeline: RouteTimeline;
  /** The indexes of the fixes drawn at a zoom (simplifyTrack.ts). */
  simplified: TrackSimplifier;
}

/**
 * A route of one or several devices on one clock: each device's fixes are a track of their own, and
 * the playback runs from the earliest fix of any to the latest.
 */
export interface RoutePlay {
  /** In the order each device first appears in the route. */
  tracks: RouteTrack[];
  startTime: number;
  duration: number;
  maxSpeed: number;
}

export function routePlay(positions: readonly Position[]): RoutePlay {
  const byDevice = new Map<number, Position[]>();
  for (const position of positions) {
    const own = byDevice.get(position.deviceId);
    if (own) own.push(position);
    else byDevice.set(position.deviceId, [position]);
  }
  const tracks = [...byDevice].flatMap(([deviceId, own]) => {
    const timeline = routeTimeline(own);
    return timeline.points.length > 0 ? [{ deviceId, timeline, simplified: trackSimplifier(timeline.points) }] : [];
  });
  const startTime = Math.min(...tracks.map((track) => track.timeline.startTime));
  const endTime = Math.max(...tracks.map((track) => track.timeline.startTime + track.timeline.duration));
  return tracks.length === 0
    ? { tracks, startTime: 0, duration: 0, maxSpeed: 0 }
    : { tracks, startTime, duration: endTime - startTime, maxSpeed: Math.max(...tracks.map((track) => track.timeline.maxSpeed)) };
}

/** Every track's marker `elapsed` ms into the shared clock; a device not yet started waits at its start, one done at its end. */
export function pointsAt(play: RoutePlay, elapsed: number): PlaybackPoint[] {
  const time = play.startTime + Math.min(play.duration, Math.max(0, elapsed));
  return play.tracks.flatMap(({ timeline }) => {
    const point = pointAt(timeline, time - timeline.startTime);
    // The shared clock's time, not the track's clamped one: the chart and the panel follow the clock.
    return point ? [{ ...point, time }] : [];
  });
}

/** The shorter longitude step from `from` to `to`, across the antimeridian when that is shorter. */
function longitudeStep(from: number, to: number): number {
  const step = to - from;
  return step > 180 ? step - 360 : step < -180 ? step + 360 : step;
}

/** Initial great-circle bearing from a to b, degrees clockwise from north. */
export function bearing([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const radians = Math.PI / 180;
  const dLng = longitudeStep(lng1, lng2) * radians;
  const y = Math.sin(dLng) * Math.cos(lat2 * radians);
  const x = Math.cos(lat1 * radians) * Math.sin(lat2 * radians) - Math.sin(lat1 * radians) * Math.cos(lat2 * radians) * Math.cos(dLng);
  return ((Math.atan2(y, x) / radians) % 360 + 360) % 360;
}

/** The last fix at or before `time` (binary search: routes of a month have tens of thousands). */
function indexAt(points: readonly RoutePoint[], time: number): number {
  let low = 0;
  let high = points.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (points[middle]!.time <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The marker's place `elapsed` ms into the route: on the straight line between the two fixes
 * around that moment, in proportion to their times (a device that stood still stays put).
 */
export function pointAt(timeline: RouteTimeline, elapsed: number): PlaybackPoint | null {
  const { points } = timeline;
  if (points.length === 0) return null;
  const time = timeline.startTime + Math.min(timeline.duration, Math.max(0, elapsed));
  const index = indexAt(points, time);
  const from = points[index]!;
  const to = points[index + 1];
  if (!to) return { lngLat: from.lngLat, time, speed: from.speed, course: from.course, index };
  // `from` is the last fix at or before `time`, so `to` is strictly later.
  const fraction = (time - from.time) / (to.time - from.time);
  let lng = from.lngLat[0] + longitudeStep(from.lngLat[0], to.lngLat[0]) * fraction;
  if (lng > 180) lng -= 360;
  else if (lng < -180) lng += 360;
  const moved = from.lngLat[0] !== to.lngLat[0] || from.lngLat[1] !== to.lngLat[1];
  return {
    lngLat: [lng, from.lngLat[1] + (to.lngLat[1] - from.lngLat[1]) * fraction],
    time,
    speed: from.speed + (to.speed - from.speed) * fraction,
    course: moved ? bearing(from.lngLat, to.lngLat) : from.course,
    index,
  };
}

/** Playback speeds: route time per real second (60× plays an hour in a minute). */
export const PLAYBACK_RATES = [1, 10, 60, 300, 1800] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
export const DEFAULT_PLAYBACK_RATE: PlaybackRate = 60;

/** One frame of playback: `frameMs` of real time at `rate` moves `elapsed` on, stopping at the end. */
export function advancePlayback(elapsed: number, frameMs: number, rate: number, duration: number): { elapsed: number; ended: boolean } {
  const next = elapsed + Math.max(0, frameMs) * rate;
  return next >= duration ? { elapsed: duration, ended: true } : { elapsed: next, ended: false };
}
