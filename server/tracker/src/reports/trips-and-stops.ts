import type { PositionRecord } from '../entities/position';
import { MotionDetector, type MotionTimeline } from './motion-detector';
import { TrackMeter, type TrackPoint } from './track';
import type { TripsConfig } from './trips-config';

/** A trip (moving) or a stop (standing) from its first to its last position. */
export interface MotionInterval {
  start: TrackPoint;
  end: TrackPoint;
  /** Knots; Traccar's figure, which counts speeds up to the position that confirmed the end. */
  maxSpeed: number;
}

/**
 * The stretches of a timeline in one motion state, as Traccar's report cuts them: each runs from a
 * change into that state to the next change out of it; one open at either end of the track runs
 * from the first or to the last position.
 */
export function intervalsOf(timeline: MotionTimeline, moving: boolean): MotionInterval[] {
  const result: MotionInterval[] = [];
  let start: TrackPoint | null = timeline.initiallyMoving === moving ? timeline.first : null;
  for (const change of timeline.changes) {
    if (change.moving === moving) {
      start = change.at;
    } else if (start) {
      result.push({ start, end: change.at, maxSpeed: change.maxSpeed });
      start = null;
    }
  }
  if (start) result.push({ start, end: timeline.last, maxSpeed: timeline.trailingMaxSpeed });
  return result;
}

/** Trips and stops of one device, fed its positions oldest first. */
export class TripsAndStopsDetector {
  private readonly meter = new TrackMeter();
  private readonly motion: MotionDetector;

  constructor(config: TripsConfig) {
    this.motion = new MotionDetector(config);
  }

  add(position: PositionRecord): void {
    this.motion.add(this.meter.measure(position));
  }

  result(): { trips: MotionInterval[]; stops: MotionInterval[] } {
    const timeline = this.motion.timeline();
    if (!timeline) return { trips: [], stops: [] };
    return { trips: intervalsOf(timeline, true), stops: intervalsOf(timeline, false) };
  }
}

export function detectTripsAndStops(positions: Iterable<PositionRecord>, config: TripsConfig): { trips: MotionInterval[]; stops: MotionInterval[] } {
  const detector = new TripsAndStopsDetector(config);
  for (const position of positions) detector.add(position);
  return detector.result();
}
