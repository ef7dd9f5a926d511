import path from 'node:path';
import { expectSocketMessageToMatchOpenApi, expectToMatchOpenApi, traccarContract } from './expect-to-match-openapi';
import { loadTraccarOpenApi, traccarOpenApiPath } from './openapi-document';

const device = { id: 1, name: 'Onix BRA2E19', uniqueId: '860000000000001', status: 'online', disabled: false, lastUpdate: '2024-05-01T12:00:00.000+00:00', positionId: 3, groupId: 1, phone: null, model: 'Onix', contact: null, category: 'car', attributes: {}, expirationTime: null, calendarId: 0 };

describe('expectToMatchOpenApi', () => {
  it('reads the copy kept in the repository, and fails loudly when a file is missing', () => {
    expect(loadTraccarOpenApi(traccarOpenApiPath()).info).toMatchObject({ version: '6.14.5' });
    expect(() => loadTraccarOpenApi(path.join(__dirname, 'no-such-openapi.yaml'))).toThrow(/OpenAPI file is missing/);
  });

  it('accepts a body the file (with the documented extras) allows', () => {
    expect(() => expectToMatchOpenApi('GET', '/api/devices?all=true', 200, [device])).not.toThrow();
    expect(() => expectToMatchOpenApi('GET', '/api/devices/1', 200, device)).not.toThrow();
    expect(() => expectToMatchOpenApi('DELETE', '/api/devices/1', 204, undefined)).not.toThrow();
  });

  it('rejects a wrong type, an invented field, and a body where none is documented', () => {
    expect(() => expectToMatchOpenApi('GET', '/api/devices', 200, [{ ...device, id: '1' }])).toThrow(/body\/0\/id must be integer/);
    expect(() => expectToMatchOpenApi('GET', '/api/devices', 200, [{ ...device, speedKmh: 3 }])).toThrow(/additionalProperty":"speedKmh/);
    expect(() => expectToMatchOpenApi('DELETE', '/api/devices/1', 204, { id: 1 })).toThrow(/documents no body/);
  });

  it('rejects an undocumented path or status, but not the errors Traccar answers anywhere', () => {
    expect(() => expectToMatchOpenApi('GET', '/api/nothing', 200, [])).toThrow(/not in Traccar's OpenAPI file/);
    expect(() => expectToMatchOpenApi('GET', '/api/devices', 500, 'boom')).toThrow(/does not document status 500/);
    expect(() => expectToMatchOpenApi('GET', '/api/devices', 401, 'jakarta.ws.rs.WebApplicationException: HTTP 401 Unauthorized')).not.toThrow();
  });

  it('prefers a literal path segment to a parameter', () => {
    expect(traccarContract().match('GET', '/api/notifications/types')?.template).toBe('/notifications/types');
    expect(traccarContract().match('GET', '/api/notifications/7')?.template).toBe('/notifications/{id}');
  });

  it('checks websocket messages: one known key, items as the file says, events with a message', () => {
    const event = { id: 9, type: 'alarm', eventTime: '2024-05-01T12:00:00.000+00:00', deviceId: 1, positionId: 3, geofenceId: 0, maintenanceId: 0, attributes: { alarm: 'sos', message: 'Onix: alarm sos' } };
    expect(() => expectSocketMessageToMatchOpenApi({ devices: [device] })).not.toThrow();
    expect(() => expectSocketMessageToMatchOpenApi({ events: [event] })).not.toThrow();
    expect(() => expectSocketMessageToMatchOpenApi({})).not.toThrow();
    expect(() => expectSocketMessageToMatchOpenApi({ events: [{ ...event, attributes: { alarm: 'sos' } }] })).toThrow(/message/);
    expect(() => expectSocketMessageToMatchOpenApi({ devices: [{ ...device, id: 'one' }] })).toThrow(/socket message/);
    expect(() => expectSocketMessageToMatchOpenApi({ devices: [device], positions: [] })).toThrow(/socket message/);
    expect(() => expectSocketMessageToMatchOpenApi({ alerts: [] })).toThrow(/socket message/);
  });
});
