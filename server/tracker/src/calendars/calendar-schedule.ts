import ICAL from 'ical.js';
import { zonedWallTimeToEpoch } from './zoned-time';

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalEvent = InstanceType<typeof ICAL.Event>;

/** A stretch of time over which the answer does not change: [from, until). */
interface Window {
  from: number;
  until: number;
  inside: boolean;
}

// A rule that fires every minute for years would otherwise keep one call busy for long.
const MAX_OCCURRENCES = 100_000;
// What a calendar that ran out of occurrences to look at answers, and for how long.
const GIVE_UP_FOR_MS = 60_000;

export class CalendarDataError extends Error {}

/**
 * A Traccar calendar: whether an instant lies inside one of the occurrences of its events, as
 * Traccar's Calendar.checkMoment asks of every VEVENT's recurrence set (RRULE, RDATE, EXDATE;
 * each VEVENT on its own, as the Java library it uses computes them). Times in a VTIMEZONE of the
 * calendar, in UTC, in an IANA zone named by TZID alone (what Traccar's web client writes), or
 * floating (read as UTC). Occurrences are expanded from each event's start; the answer is kept
 * for as long as it cannot change, so a stream of fixes costs a comparison per fix.
 */
export class CalendarSchedule {
  private window: Window = { from: 0, until: 0, inside: false };

  private constructor(private readonly events: readonly EventSchedule[]) {}

  /** Parses a calendar's `data` (base64 iCalendar, as Traccar stores it); an error when it is not one. */
  static parse(base64: string): CalendarSchedule | CalendarDataError {
    try {
      const text = Buffer.from(base64, 'base64').toString('utf8');
      const parsed: unknown = ICAL.parse(text);
      // Several top-level components parse as a list of them.
      if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') throw new CalendarDataError('expected one VCALENDAR');
      const calendar = new ICAL.Component(parsed as ConstructorParameters<typeof ICAL.Component>[0]);
      if (calendar.name !== 'vcalendar') throw new CalendarDataError('expected a VCALENDAR');
      const events = calendar
        .getAllSubcomponents('vevent')
        .filter((component) => component.hasProperty('dtstart'))
        .map((component) => new EventSchedule(new ICAL.Event(component), component.getFirstProperty('dtstart')?.getParameter('tzid')));
      return new CalendarSchedule(events);
    } catch (error) {
      return error instanceof CalendarDataError ? error : new CalendarDataError(error instanceof Error ? error.message : String(error));
    }
  }

  contains(moment: Date): boolean {
    const at = moment.getTime();
    if (at < this.window.from || at >= this.window.until) this.window = this.windowAt(at);
    return this.window.inside;
  }

  /** The occurrence a moment lies in (as far as every event agrees), or null when it lies in none. */
  occurrenceAt(moment: Date): { from: Date; to: Date } | null {
    const window = this.windowAt(moment.getTime());
    return window.inside ? { from: new Date(window.from), to: new Date(window.until) } : null;
  }

  private windowAt(at: number): Window {
    // Every event's answer holds over its own window, so the combined answer holds where they overlap.
    const combined: Window = { from: -Infinity, until: Infinity, inside: false };
    for (const event of this.events) {
      const window = event.windowAt(at);
      combined.from = Math.max(combined.from, window.from);
      combined.until = Math.min(combined.until, window.until);
      combined.inside ||= window.inside;
    }
    return combined;
  }
}

class EventSchedule {
  constructor(
    private readonly event: IcalEvent,
    /** The TZID of DTSTART when the calendar does not define it (then ical.js leaves times floating). */
    private readonly tzid: unknown,
  ) {}

  windowAt(at: number): Window {
    const occurrences = this.event.iterator();
    let endOfPrevious = -Infinity;
    for (let count = 0; count < MAX_OCCURRENCES; count++) {
      const next = occurrences.next();
      if (!next) return { from: endOfPrevious, until: Infinity, inside: false };
      const details = this.event.getOccurrenceDetails(next);
      const start = this.epoch(details.startDate);
      const end = this.epoch(details.endDate);
      if (start > at) return { from: endOfPrevious, until: start, inside: false };
      if (at < end) return { from: start, until: end, inside: true };
      endOfPrevious = Math.max(endOfPrevious, end);
    }
    return { from: at, until: at + GIVE_UP_FOR_MS, inside: false };
  }

  private epoch(time: IcalTime): number {
    if (time.zone?.tzid !== 'floating') return time.toJSDate().getTime();
    const wallAsUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
    return (typeof this.tzid === 'string' ? zonedWallTimeToEpoch(wallAsUtc, this.tzid) : null) ?? wallAsUtc;
  }
}
