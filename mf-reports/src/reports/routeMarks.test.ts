import { createHttpClient, useServerStore } from '@rastro/shared';
import type { Position } from '@rastro/shared';
import { routeMarkChoice, routeWithMarks } from './routeMarks';

const fix = (id: number, deviceId: number, minute: number): Position => ({
  id,
  deviceId,
  latitude: -23.5 - id / 100,
  longitude: -46.6,
  fixTime: `2026-11-25T11:${String(minute).padStart(2, '0')}:00.000Z`,
  speed: 0,
  course: 0,
  attributes: {},
});

/** The tracker's stops and events reports, answering whatever device and span they are asked for; the asked URLs kept. */
function tracker() {
  const asked: URL[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://test');
    asked.push(url);
    const deviceId = Number(url.searchParams.get('deviceId'));
    const body = url.pathname.endsWith('/stops')
      ? [{ deviceId, latitude: -23.6, longitude: -46.7, address: `Stop of ${deviceId}` }]
      : [
          { id: 1, deviceId, type: 'alarm', positionId: 2, attributes: { alarm: 'sos' } },
          { id: 2, deviceId, type: 'ignitionOn', positionId: 999, attributes: {} },
        ];
    // jsdom has no Response: the client only reads status and text().
    return { status: 200, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return { http: createHttpClient({ baseUrl: '/api', timeoutMs: 1000, fetchImpl }), asked };
}

const route = [fix(1, 7, 0), fix(2, 7, 5), fix(3, 7, 9)];

it("marks the route's stops and the events at its own fixes, asked over the route's span", async () => {
  const { http, asked } = tracker();
  const display = await routeWithMarks(http, route, { stops: true, events: true });
  expect(display.positions).toBe(route);
  expect(display.stops).toEqual([{ latitude: -23.6, longitude: -46.7, label: 'Stop of 7' }]);
  // The event at a fix outside the route has no place on it.
  expect(display.events).toEqual([{ latitude: route[1]!.latitude, longitude: -46.6, type: 'alarm', alarm: 'sos' }]);
  const stops = asked.find((url) => url.pathname.endsWith('/stops'))!;
  expect(Object.fromEntries(stops.searchParams)).toEqual({ deviceId: '7', from: route[0]!.fixTime, to: route[2]!.fixTime });
  expect(asked.find((url) => url.pathname.endsWith('/events'))?.searchParams.get('type')).toBe('allEvents');
});

it('hands the bare line to draw first while its marks are asked, and only when there are marks to ask', async () => {
  const { http, asked } = tracker();
  const first: unknown[] = [];
  const marked = routeWithMarks(http, route, { stops: true, events: false }, undefined, (line) => first.push({ line, asked: asked.length }));
  expect(first).toEqual([{ line: { positions: route }, asked: 0 }]);
  expect((await marked).stops).toHaveLength(1);
  await routeWithMarks(http, route, { stops: false, events: false }, undefined, (line) => first.push(line));
  expect(first).toHaveLength(1);
});

it('places events at any fix of the whole route when the map gets a simplified one', async () => {
  const { http } = tracker();
  const whole = new Map(route.map((position) => [position.id, position]));
  const display = await routeWithMarks(http, [route[0]!, route[2]!], { stops: false, events: true }, (id) => whole.get(id));
  expect(display.events).toEqual([{ latitude: route[1]!.latitude, longitude: -46.6, type: 'alarm', alarm: 'sos' }]);
});

it('asks the tracker nothing for a switch that is off', async () => {
  const { http, asked } = tracker();
  const onlyEvents = await routeWithMarks(http, route, { stops: false, events: true });
  expect(onlyEvents.stops).toBeUndefined();
  expect(onlyEvents.events).toHaveLength(1);
  expect(asked.map((url) => url.pathname)).toEqual(['/api/reports/events']);
  asked.length = 0;
  expect(await routeWithMarks(http, route, { stops: false, events: false })).toEqual({ positions: route });
  expect(asked).toEqual([]);
});

it("reads the server's switches from the server store: on unless switched off", () => {
  useServerStore.getState().loaded({ id: 1, attributes: {} }, { title: 'Rastro' } as never);
  expect(routeMarkChoice()).toEqual({ stops: true, events: true });
  useServerStore.getState().loaded({ id: 1, attributes: { 'rastro.showStops': false, 'rastro.showEvents': 'false' } }, { title: 'Rastro' } as never);
  expect(routeMarkChoice()).toEqual({ stops: false, events: false });
});
