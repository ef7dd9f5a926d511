/** A wall-clock time (what a clock on the wall of a zone shows), months 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** What the clocks of `zone` showed at this instant. */
export function wallTimeAt(epochMs: number, zone: string): WallTime {
  const parts = formatterFor(zone).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

const asUtc = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** The instant the clocks of `zone` show this wall time (the later reading when a change of offset skips or repeats it). */
export function epochOfWallTime(wall: WallTime, zone: string): number {
  const target = asUtc(wall);
  // Two rounds settle the zone's offset at that instant, across a daylight-saving change too.
  let guess = target - (asUtc(wallTimeAt(target, zone)) - target);
  guess = target - (asUtc(wallTimeAt(guess, zone)) - guess);
  return guess;
}

/** The zone the user's dates are shown in: their `timezone` attribute, the server's, else the browser's. */
export function userTimeZone(userZone: unknown, serverZone: unknown): string {
  for (const zone of [userZone, serverZone]) {
    if (typeof zone !== 'string' || !zone) continue;
    try {
      formatterFor(zone);
      return zone;
    } catch {
      // An unknown zone name falls through to the next choice.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
