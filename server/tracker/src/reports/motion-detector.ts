import { isMoving, type TrackPoint } from './track';
import type { TripsConfig } from './trips-config';

/** Motion started (deviceMoving) or ended (deviceStopped) at `at`, as Traccar's MotionProcessor decides. */
export interface MotionChange {
  moving: boolean;
  at: TrackPoint;
  /** The highest speed (knots) seen since the previous change, up to the position that confirmed this one. */
  maxSpeed: number;
}

/** What a track's motion looked like: enough to cut it into trips and stops. */
export interface MotionTimeline {
  initiallyMoving: boolean;
  first: TrackPoint;
  last: TrackPoint;
  changes: MotionChange[];
  /** The highest speed since the last change, for a stretch still open at the end. */
  trailingMaxSpeed: number;
}

/**
 * A port of Traccar's MotionProcessor as its report code replays it over stored positions. Fed one
 * point at a time (oldest first) so a month of fixes never has to sit in memory.
 *
 * A change of motion is only a candidate until it is confirmed: a new motion streak once it lasts
 * `minimalTripDuration` or covers `minimalTripDistance`, a halt once it lasts
 * `minimalParkingDuration` (or ignition goes off, with `useIgnition`). The change is then dated at
 * the candidate, not at the confirming position. A silence of `minimalNoDataDuration` while moving
 * ends the motion at the last position before it.
 */
export class MotionDetector {
  private first: TrackPoint | null = null;
  private previous: TrackPoint | null = null;
  private initiallyMoving = false;
  /** What the positions say now. */
  private motion = false;
  /** The confirmed state. */
  private streak = false;
  /** Where an unconfirmed change of `motion` began. */
  private candidate: TrackPoint | null = null;
  private maxSpeed = 0;
  private readonly changes: MotionChange[] = [];

  constructor(private config: TripsConfig) {}

  /** New settings for the positions still to come (a device's attributes changed). */
  reconfigure(config: TripsConfig): void {
    this.config = config;
  }

  /**
   * The confirmed changes since the last call, forgotten here: for live detection, which runs for
   * ever and must not keep them. (A report reads them all at the end through `timeline`.)
   */
  takeChanges(): MotionChange[] {
    return this.changes.splice(0);
  }

  add(point: TrackPoint): void {
    const moving = isMoving(point.position, this.config);
    if (!this.first) {
      this.first = point;
      this.initiallyMoving = this.motion = this.streak = moving;
    }
    this.maxSpeed = Math.max(this.maxSpeed, point.position.speed);
    const change = this.update(point, moving);
    if (change) {
      this.changes.push({ ...change, maxSpeed: this.maxSpeed });
      this.maxSpeed = 0;
    }
    this.previous = point;
  }

  /** The timeline so far; null for a track without positions. */
  timeline(): MotionTimeline | null {
    if (!this.first || !this.previous) return null;
    return { initiallyMoving: this.initiallyMoving, first: this.first, last: this.previous, changes: this.changes, trailingMaxSpeed: this.maxSpeed };
  }

  private update(point: TrackPoint, moving: boolean): Omit<MotionChange, 'maxSpeed'> | null {
    const { config, previous } = this;
    const time = point.position.fixTime.getTime();

    if (previous && this.streak && time - previous.position.fixTime.getTime() >= config.minimalNoDataDuration) {
      this.streak = this.motion = false;
      this.candidate = null;
      return { moving: false, at: previous };
    }

    if (this.motion !== moving) {
      this.motion = moving;
      this.candidate = this.streak === moving ? null : point;
      return null;
    }
    const candidate = this.candidate;
    if (!candidate) return null;

    const duration = time - candidate.position.fixTime.getTime();
    const confirmed = moving
      ? duration >= config.minimalTripDuration || point.distance - candidate.distance >= config.minimalTripDistance
      : duration >= config.minimalParkingDuration || (config.useIgnition && point.position.attributes.ignition === false);
    if (!confirmed) return null;
    this.streak = moving;
    this.candidate = null;
    return { moving, at: candidate };
  }
}
