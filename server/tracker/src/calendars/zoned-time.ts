const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      formatter = null;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's clocks are ahead of UTC at this instant, in ms. */
function offsetAt(epochMs: number, formatter: Intl.DateTimeFormat): number {
  const part: Record<string, number> = {};
  for (const { type, value } of formatter.formatToParts(epochMs)) part[type] = Number(value);
  const wallAsUtc = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0);
  return wallAsUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant at which the clocks of an IANA time zone (`America/Sao_Paulo`) show a wall time,
 * given as the epoch ms that wall time would be in UTC; null for a zone the runtime does not know.
 * For calendars that name their zone with TZID but carry no VTIMEZONE (as Traccar's web client
 * writes them): the Java iCalendar library Traccar uses resolves such zones itself.
 */
export function zonedWallTimeToEpoch(wallAsUtc: number, timeZone: string): number | null {
  const formatter = formatterFor(timeZone);
  if (!formatter) return null;
  const guess = wallAsUtc - offsetAt(wallAsUtc, formatter);
  // Once more at the guess: the offset may differ across a daylight-saving change.
  return wallAsUtc - offsetAt(guess, formatter);
}
