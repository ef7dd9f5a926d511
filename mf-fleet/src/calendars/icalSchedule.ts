import ICAL from 'ical.js';
import { epochOfWallTime, wallTimeAt } from './zonedTime';
import type { WallTime } from './zonedTime';

/** SPEC §3 calendar schedule: repeat frequency and how the repetition ends. */
export const repeatFrequencies = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatFrequency = (typeof repeatFrequencies)[number];
export const repeatEnds = ['never', 'count', 'until'] as const;
export type RepeatEnd = (typeof repeatEnds)[number];

/** The schedule as the editor holds it: wall times in `zone` ("YYYY-MM-DDTHH:mm"), the until date as "YYYY-MM-DD". */
export interface Schedule {
  start: string;
  end: string;
  frequency: RepeatFrequency;
  ends: RepeatEnd;
  count: number;
  until: string;
}

type IcalTime = InstanceType<typeof ICAL.Time>;

const pad = (value: number, size = 2) => String(value).padStart(size, '0');
const localText = (wall: WallTime) => `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;

function wallOf(text: string): WallTime {
  const [date = '', time = '00:00'] = text.split('T');
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { year, month, day, hour, minute, second: 0 };
}

const isUtc = (time: IcalTime) => time.zone?.tzid === 'UTC';
const icalTimeOf = (wall: WallTime, isDate = false): IcalTime => ICAL.Time.fromData({ ...wall, isDate });
const wallOfIcal = (time: IcalTime): WallTime => ({ year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second });

/** A time property as a wall time in `zone`: UTC values are moved to it, zoned and floating ones are read as written. */
function readTime(property: InstanceType<typeof ICAL.Property> | null, zone: string): { wall: WallTime; zone: string } | null {
  const value = property?.getFirstValue();
  if (!(value instanceof ICAL.Time)) return null;
  if (isUtc(value)) return { wall: wallTimeAt(value.toUnixTime() * 1000, zone), zone };
  const tzid = property?.getParameter('tzid');
  return { wall: wallOfIcal(value), zone: typeof tzid === 'string' && tzid ? tzid : zone };
}

/**
 * The schedule as iCalendar (RFC 5545) text, one VEVENT with DTSTART/DTEND in the user's zone by
 * its IANA name (TZID, as Traccar's own web client writes it) and an RRULE when it repeats.
 */
export function scheduleToIcs(schedule: Schedule, zone: string, uid: string): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Rastro//Calendar//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  const event = new ICAL.Component('vevent');
  event.updatePropertyWithValue('uid', uid);
  event.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(), true));
  for (const [name, text] of [['dtstart', schedule.start], ['dtend', schedule.end]] as const) {
    const property = event.updatePropertyWithValue(name, icalTimeOf(wallOf(text)));
    property.setParameter('tzid', zone);
  }
  if (schedule.frequency !== 'none') {
    const rule: Record<string, unknown> = { freq: schedule.frequency.toUpperCase() };
    if (schedule.ends === 'count') rule.count = schedule.count;
    // UNTIL is inclusive: the whole last day counts, as the user reads "until 31 March".
    // RFC 5545 wants UNTIL in UTC when DTSTART has a zone.
    if (schedule.ends === 'until') rule.until = ICAL.Time.fromJSDate(new Date(epochOfWallTime({ ...wallOf(`${schedule.until}T23:59`), second: 59 }, zone)), true);
    event.updatePropertyWithValue('rrule', new ICAL.Recur(rule));
  }
  calendar.addSubcomponent(event);
  return calendar.toString();
}

/** The first event of an iCalendar text as a schedule in `zone`; null when it is not one the editor can show. */
export function icsToSchedule(text: string, zone: string): Schedule | null {
  let event: InstanceType<typeof ICAL.Component> | null;
  try {
    event = new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent');
  } catch {
    return null;
  }
  const start = readTime(event?.getFirstProperty('dtstart') ?? null, zone);
  if (!event || !start) return null;
  const end = readTime(event.getFirstProperty('dtend'), zone);
  const rule = event.getFirstPropertyValue('rrule');
  const recur = rule instanceof ICAL.Recur ? rule : null;
  const frequency = (recur?.freq?.toLowerCase() ?? 'none') as RepeatFrequency;
  const until = recur?.until ? (isUtc(recur.until) ? wallTimeAt(recur.until.toUnixTime() * 1000, start.zone) : wallOfIcal(recur.until)) : null;
  return {
    start: localText(start.wall),
    end: localText(end?.wall ?? start.wall),
    frequency: repeatFrequencies.includes(frequency) ? frequency : 'none',
    ends: recur?.count ? 'count' : until ? 'until' : 'never',
    count: recur?.count ?? 1,
    until: until ? localText(until).slice(0, 10) : '',
  };
}

/** Base64 of the text's UTF-8 bytes: Traccar's calendar `data` (TRACCAR.md). */
export function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(data: string): string {
  const binary = atob(data);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** Instants at which the calendar's first event begins next, from `now`, at most `limit` of them. */
export function nextOccurrences(text: string, zone: string, now: number, limit: number): number[] {
  let event: InstanceType<typeof ICAL.Event>;
  let eventZone: string;
  try {
    const component = new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent');
    const start = readTime(component?.getFirstProperty('dtstart') ?? null, zone);
    if (!component || !start) return [];
    event = new ICAL.Event(component);
    eventZone = start.zone;
  } catch {
    return [];
  }
  const found: number[] = [];
  const iterator = event.iterator();
  const duration = event.duration.toSeconds() * 1000;
  // A rule that begins long ago walks up to today first; the bound keeps a malformed one from spinning.
  for (let step = 0, next = iterator.next(); next && step < 50_000 && found.length < limit; step += 1, next = iterator.next()) {
    const begins = isUtc(next) ? next.toUnixTime() * 1000 : epochOfWallTime(wallOfIcal(next), eventZone);
    if (begins + duration > now) found.push(begins);
  }
  return found;
}
