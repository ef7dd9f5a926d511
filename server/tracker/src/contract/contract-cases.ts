import { businessHoursCalendarData } from '../seed/demo-calendar';
import type { HttpMethod } from './openapi-document';

/**
 * The requests the contract test sends, one row each: who calls, what, and the status Traccar
 * would answer. Add a row when an endpoint appears. `{name}` in a path or body is filled from the
 * fixture (seeded ids: device, position, user…) and from what the row's `setup` created.
 */
export type Caller = 'admin' | 'user' | 'anonymous' | 'fresh admin session';
export type Vars = Record<string, string | number>;

export interface ContractApi {
  /** POST a JSON body as the administrator; the created object. */
  create(path: string, body: unknown): Promise<{ id: number } & Record<string, unknown>>;
  vars: Vars;
}

export interface ContractCase {
  method: HttpMethod;
  path: string;
  /** The status(es) Traccar answers here; several when it depends on the live fleet. */
  status: number | readonly number[];
  as?: Caller;
  json?: unknown | ((vars: Vars) => unknown);
  form?: Record<string, string>;
  accept?: string;
  /** Creates what the request needs; returns more `{name}` values. */
  setup?: (api: ContractApi) => Promise<Vars>;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

/** A valid new object for each simple entity resource (the generic CRUD). */
const ENTITY_EXAMPLES: Record<string, () => Record<string, unknown>> = {
  '/api/groups': () => ({ name: unique('group') }),
  '/api/geofences': () => ({ name: unique('geofence'), area: 'CIRCLE (-23.5505 -46.6333, 100)' }),
  '/api/notifications': () => ({ type: 'alarm', always: true, notificators: 'web', attributes: { alarms: 'sos' } }),
  '/api/drivers': () => ({ name: unique('driver'), uniqueId: unique('rfid') }),
  '/api/calendars': () => ({ name: unique('calendar'), data: businessHoursCalendarData() }),
  '/api/maintenance': () => ({ name: unique('oil'), type: 'totalDistance', start: 0, period: 10_000_000 }),
  '/api/commands': () => ({ description: unique('stop'), type: 'engineStop' }),
  '/api/attributes/computed': () => ({ description: unique('kmh'), attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' }),
  '/api/reports': () => ({ type: 'summary', description: unique('weekly'), attributes: {} }),
};

const created = (path: string, body: () => Record<string, unknown>) => async (api: ContractApi) => ({ id: (await api.create(path, body())).id });

function crudCases(path: string, example: () => Record<string, unknown>): ContractCase[] {
  return [
    { method: 'GET', path, status: 200 },
    { method: 'GET', path: `${path}?all=true`, status: 200 },
    { method: 'GET', path: `${path}/{id}`, status: 200, setup: created(path, example) },
    { method: 'POST', path, status: 200, json: example },
    { method: 'PUT', path: `${path}/{id}`, status: 200, setup: created(path, example), json: (vars: Vars) => ({ ...example(), id: vars.id }) },
    { method: 'DELETE', path: `${path}/{id}`, status: 204, setup: created(path, example) },
  ];
}

const newDevice = () => ({ name: unique('device'), uniqueId: unique('imei') });
const newUser = () => ({ name: unique('user'), email: `${unique('user')}@rastro.test`, password: 'secret' });
const lastHour = () => {
  const to = new Date();
  return `from=${new Date(to.getTime() - 3_600_000).toISOString()}&to=${to.toISOString()}`;
};
const JSON_ACCEPT = 'application/json';

export const SESSION_CASES: ContractCase[] = [
  { method: 'POST', path: '/api/session', status: 200, as: 'anonymous', form: { email: 'admin@rastro.demo', password: 'admin' } },
  { method: 'POST', path: '/api/session', status: 401, as: 'anonymous', form: { email: 'admin@rastro.demo', password: 'wrong' } },
  { method: 'GET', path: '/api/session', status: 200 },
  { method: 'GET', path: '/api/session', status: 404, as: 'anonymous' },
  { method: 'POST', path: '/api/session/token', status: 200, form: {} },
  { method: 'DELETE', path: '/api/session', status: 204, as: 'fresh admin session' },
];

export const SERVER_CASES: ContractCase[] = [
  { method: 'GET', path: '/api/server', status: 200, as: 'anonymous' },
  { method: 'PUT', path: '/api/server', status: 200, json: { id: 1, registration: false, readonly: false, map: null, latitude: -23.5505, longitude: -46.6333, zoom: 12, attributes: {} } },
  { method: 'PUT', path: '/api/server', status: 400, as: 'user', json: { id: 1, registration: true } },
  { method: 'POST', path: '/api/server/reboot', status: 200 },
  { method: 'GET', path: '/api/server/timezones', status: 200, as: 'user' },
  { method: 'GET', path: '/api/server/timezones', status: 401, as: 'anonymous' },
  { method: 'GET', path: '/api/statistics?{lastHour}', status: 200 },
  { method: 'GET', path: '/api/statistics?{lastHour}', status: 400, as: 'user' },
  { method: 'GET', path: '/api/audit?{lastHour}', status: 200 },
  { method: 'GET', path: '/api/audit?{lastHour}', status: 400, as: 'user' },
  { method: 'GET', path: '/api/audit', status: 400 },
];

export const DEVICE_CASES: ContractCase[] = [
  { method: 'GET', path: '/api/devices', status: 200 },
  { method: 'GET', path: '/api/devices?all=true', status: 200 },
  { method: 'GET', path: '/api/devices', status: 200, as: 'user' },
  { method: 'GET', path: '/api/devices?id={device}', status: 200 },
  { method: 'GET', path: '/api/devices?userId={user}', status: 200 },
  { method: 'GET', path: '/api/devices?limit=3&offset=2', status: 200 },
  { method: 'GET', path: '/api/devices?keyword=a&excludeAttributes=true', status: 200 },
  { method: 'GET', path: '/api/devices/{device}', status: 200 },
  { method: 'POST', path: '/api/devices', status: 200, json: newDevice },
  { method: 'PUT', path: '/api/devices/{id}', status: 200, setup: created('/api/devices', newDevice), json: (vars: Vars) => ({ ...newDevice(), id: vars.id }) },
  { method: 'DELETE', path: '/api/devices/{id}', status: 204, setup: created('/api/devices', newDevice) },
  { method: 'PUT', path: '/api/devices/{device}/accumulators', status: 204, json: (vars: Vars) => ({ deviceId: vars.device, totalDistance: 1000, hours: 3_600_000 }) },
];

export const POSITION_CASES: ContractCase[] = [
  { method: 'GET', path: '/api/positions', status: 200 },
  { method: 'GET', path: '/api/positions?deviceId={device}', status: 200 },
  { method: 'GET', path: '/api/positions?id={position}', status: 200 },
  { method: 'GET', path: `/api/positions?deviceId={device}&{lastHour}`, status: 200 },
  ...['csv', 'gpx', 'kml', 'kmz'].map((format): ContractCase => ({ method: 'GET', path: `/api/positions/${format}?deviceId={device}&{lastHour}`, status: 200 })),
  { method: 'GET', path: '/api/positions/csv?deviceId={device}&geofenceId=1&{lastHour}', status: 200 },
];

export const USER_AND_PERMISSION_CASES: ContractCase[] = [
  { method: 'GET', path: '/api/users', status: 200 },
  { method: 'GET', path: '/api/users/{user}', status: 200 },
  { method: 'GET', path: '/api/users?limit=2&offset=1&keyword=rastro', status: 200 },
  { method: 'POST', path: '/api/users', status: 200, json: newUser },
  { method: 'PUT', path: '/api/users/{id}', status: 200, setup: created('/api/users', newUser), json: (vars: Vars) => ({ ...newUser(), id: vars.id }) },
  { method: 'DELETE', path: '/api/users/{id}', status: 204, setup: created('/api/users', newUser) },
  { method: 'POST', path: '/api/permissions', status: 204, setup: created('/api/geofences', ENTITY_EXAMPLES['/api/geofences'] as () => Record<string, unknown>), json: (vars: Vars) => ({ userId: vars.user, geofenceId: vars.id }) },
  { method: 'DELETE', path: '/api/permissions', status: 204, json: (vars: Vars) => ({ userId: vars.user, deviceId: vars.device }) },
  { method: 'POST', path: '/api/permissions/bulk', status: 204, setup: created('/api/geofences', ENTITY_EXAMPLES['/api/geofences'] as () => Record<string, unknown>), json: (vars: Vars) => [{ userId: vars.user, geofenceId: vars.id }] },
  { method: 'DELETE', path: '/api/permissions/bulk', status: 204, setup: created('/api/geofences', ENTITY_EXAMPLES['/api/geofences'] as () => Record<string, unknown>), json: (vars: Vars) => [{ userId: vars.user, geofenceId: vars.id }] },
  { method: 'POST', path: '/api/password/reset', status: 200, as: 'anonymous', form: { email: 'user@rastro.demo' } },
  { method: 'POST', path: '/api/password/update', status: 404, as: 'anonymous', form: { token: 'not-a-reset-token', password: 'secret' } },
];

export const ENTITY_CASES: ContractCase[] = Object.entries(ENTITY_EXAMPLES).flatMap(([path, example]) => crudCases(path, example));

export const NOTIFICATION_AND_ATTRIBUTE_CASES: ContractCase[] = [
  { method: 'GET', path: '/api/notifications/types', status: 200 },
  { method: 'GET', path: '/api/notifications/notificators', status: 200 },
  { method: 'POST', path: '/api/notifications/test', status: 204 },
  { method: 'POST', path: '/api/notifications/test/web', status: 204 },
  { method: 'POST', path: '/api/attributes/computed/test?deviceId={device}', status: 200, json: { attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' } },
  { method: 'POST', path: '/api/attributes/computed/test?deviceId={device}', status: 200, json: { attribute: 'moving', expression: 'speed > 0', type: 'boolean' } },
];

export const COMMAND_CASES: ContractCase[] = [
  { method: 'GET', path: '/api/commands/send?deviceId={device}', status: 200 },
  { method: 'GET', path: '/api/commands/types?deviceId={device}', status: 200 },
  // 200 when the device is online, 202 when the command waits in its queue.
  { method: 'POST', path: '/api/commands/send', status: [200, 202], json: (vars: Vars) => ({ deviceId: vars.device, type: 'engineStop' }) },
];

export const REPORT_CASES: ContractCase[] = ['route', 'events', 'summary', 'trips', 'stops', 'combined', 'geofences'].map((report) => ({
  method: 'GET',
  path: `/api/reports/${report}?deviceId={device}&{lastHour}`,
  status: 200,
  accept: JSON_ACCEPT,
}));

/** Refusals as Traccar answers them: bad input, forbidden, unknown ids, bad credentials. */
export const ERROR_CASES: ContractCase[] = [
  { method: 'POST', path: '/api/session', status: 401, as: 'anonymous', form: { email: 'nobody@rastro.demo', password: 'x' } },
  { method: 'GET', path: '/api/devices/999999', status: 404 },
  { method: 'GET', path: '/api/geofences/999999', status: 404 },
  { method: 'DELETE', path: '/api/groups/999999', status: 404 },
  { method: 'POST', path: '/api/devices', status: 400, json: { name: '', uniqueId: '' } },
  { method: 'POST', path: '/api/geofences', status: 400, json: { name: 'Bad area', area: 'SQUARE (1 2)' } },
  { method: 'POST', path: '/api/permissions', status: 400, json: { userId: 1 } },
  { method: 'POST', path: '/api/users', status: 400, as: 'anonymous', json: newUser },
  { method: 'GET', path: '/api/users', status: 400, as: 'user' },
  { method: 'POST', path: '/api/attributes/computed/test?deviceId={device}', status: 400, json: { attribute: 'x', expression: 'noSuchName * 2', type: 'number' } },
  { method: 'POST', path: '/api/attributes/computed/test?deviceId={device}', status: 400, as: 'user', json: { attribute: 'x', expression: 'speed', type: 'number' } },
  { method: 'GET', path: '/api/reports/trips?deviceId={device}&from=2024-05-01T00:00:00&to=2024-05-02T00:00:00', status: 400, accept: JSON_ACCEPT },
  { method: 'GET', path: '/api/positions?deviceId={device}&from=yesterday&to=today', status: 400 },
  { method: 'GET', path: '/api/positions/gpx?deviceId={device}&from=yesterday&to=today', status: 400 },
  { method: 'GET', path: '/api/positions/kml?deviceId=999999&{lastHour}', status: 400 },
  { method: 'GET', path: '/api/positions/csv?deviceId={device}&{lastHour}', status: 401, as: 'anonymous' },
  { method: 'GET', path: '/api/reports/geofences?deviceId={device}&geofenceId=999999&{lastHour}', status: 400, as: 'user', accept: JSON_ACCEPT },
  { method: 'POST', path: '/api/reports', status: 400, json: { type: 'weekly', description: 'Not a report type' } },
  { method: 'GET', path: '/api/reports/999999', status: 404 },
  // The database's refusal (too long for the column) in the tracker's words.
  { method: 'POST', path: '/api/groups', status: 400, json: { name: 'x'.repeat(200) } },
];

/** Fixture values that change with the clock, filled at request time. */
export function timeVars(): Vars {
  return { lastHour: lastHour() };
}
