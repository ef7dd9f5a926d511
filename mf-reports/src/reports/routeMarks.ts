import { eventSchema, serverFeatureOn, useServerStore } from '@rastro/shared';
import type { HttpClient, Position, RouteDisplay } from '@rastro/shared';
import { z } from 'zod';

/** Which marks a route carries: the server's "show stops" and "show events" switches (SPEC §3). */
export interface RouteMarkChoice {
  stops: boolean;
  events: boolean;
}

/** The switches as the server store holds them now (absent: on). */
export function routeMarkChoice(): RouteMarkChoice {
  const attributes = useServerStore.getState().server?.attributes;
  return { stops: serverFeatureOn(attributes, 'showStops'), events: serverFeatureOn(attributes, 'showEvents') };
}

const stopPlace = z.object({ latitude: z.number(), longitude: z.number(), address: z.string().nullable().optional() });
const alarmOf = (attributes: Record<string, unknown>) => (typeof attributes.alarm === 'string' ? attributes.alarm : undefined);

/** One device's first and last fix time (ISO): the span its stops and events are asked over. */
type Span = { deviceId: number; from: string; to: string };

/** Each device's span, from its positions (a route read as columns has its own, RouteRows.spans). */
function spans(positions: Position[]): Span[] {
  const byDevice = new Map<number, { from: string; to: string }>();
  for (const position of positions) {
    const at = position.fixTime;
    if (!at) continue;
    const span = byDevice.get(position.deviceId);
    if (!span) byDevice.set(position.deviceId, { from: at, to: at });
    else {
      if (Date.parse(at) < Date.parse(span.from)) span.from = at;
      if (Date.parse(at) > Date.parse(span.to)) span.to = at;
    }
  }
  return [...byDevice].map(([deviceId, span]) => ({ deviceId, ...span }));
}

type FixPlace = (positionId: number) => { latitude: number; longitude: number } | undefined;

/**
 * A route for the map with the marks the server's switches ask for: the stops report's places and
 * the events that happened at one of the route's own fixes (`placeOf`, by default among `positions`:
 * a simplified route places its events at every fix of the whole), each device over its own span. A
 * switch off asks the tracker nothing for it. `drawFirst` gets the bare line while the marks are
 * asked: the stops report of a month takes the tracker seconds, and the line need not wait for it.
 */
export async function routeWithMarks(
  http: HttpClient,
  positions: Position[],
  choice: RouteMarkChoice = routeMarkChoice(),
  placeOf?: FixPlace,
  drawFirst?: (line: RouteDisplay) => void,
  asked: Span[] = spans(positions),
): Promise<RouteDisplay> {
  const display: RouteDisplay = { positions };
  if (!choice.stops && !choice.events) return display;
  drawFirst?.({ positions });
  const fixes = placeOf ? null : new Map(positions.map((position) => [position.id, position]));
  const place: FixPlace = placeOf ?? ((id) => fixes?.get(id));
  const [stops, events] = await Promise.all([
    choice.stops ? Promise.all(asked.map(async (span) => z.array(stopPlace).parse(await http.json('/reports/stops', { query: { ...span } })))) : null,
    choice.events ? Promise.all(asked.map(async (span) => z.array(eventSchema).parse(await http.json('/reports/events', { query: { ...span, type: 'allEvents' } })))) : null,
  ]);
  if (stops) display.stops = stops.flat().map((stop) => ({ latitude: stop.latitude, longitude: stop.longitude, label: stop.address || undefined }));
  if (events) {
    display.events = events.flat().flatMap((event) => {
      const at = place(event.positionId ?? 0);
      return at ? [{ latitude: at.latitude, longitude: at.longitude, type: event.type, alarm: alarmOf(event.attributes) }] : [];
    });
  }
  return display;
}
