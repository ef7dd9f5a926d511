import { appConfigSchema, remotesManifestSchema } from './product';
import { deviceSchema, eventSchema, positionSchema, serverSchema, socketMessageSchema, userSchema } from './traccar';

describe('tracking API schemas', () => {
  it('read a device as Traccar sends it, keeping fields a newer Traccar may add', () => {
    const device = deviceSchema.parse({
      id: 3,
      name: 'Caminhão 3',
      uniqueId: '865432100000003',
      status: 'online',
      lastUpdate: '2026-11-23T10:00:00.000+00:00',
      positionId: 99,
      groupId: 0,
      category: 'truck',
      disabled: false,
      attributes: { plate: 'ABC1D23' },
      futureField: 1,
    });
    expect(device).toMatchObject({ id: 3, status: 'online', attributes: { plate: 'ABC1D23' }, futureField: 1 });
  });

  it('treat an unexpected status as unknown instead of failing the whole list', () => {
    expect(deviceSchema.parse({ id: 1, name: 'x', uniqueId: '1', status: 'sleeping' }).status).toBe('unknown');
  });

  it('refuse a position without coordinates', () => {
    expect(positionSchema.safeParse({ id: 1, deviceId: 1 }).success).toBe(false);
    expect(positionSchema.parse({ id: 1, deviceId: 1, latitude: -23.5, longitude: -46.6 })).toMatchObject({ speed: 0, course: 0, attributes: {} });
  });

  it('read a user with the attributes Rastro keeps there', () => {
    const user = userSchema.parse({ id: 1, name: 'Ana', email: 'ana@x', administrator: true, attributes: { 'rastro.lang': 'es' } });
    expect(user.attributes['rastro.lang']).toBe('es');
  });

  it('read the server settings with the Rastro attributes and the version', () => {
    const server = serverSchema.parse({ id: 1, registration: false, readonly: false, map: null, version: '6.14.5', attributes: { 'rastro.deviceLimit': 50, 'web.selectZoom': 15 } });
    expect(server).toMatchObject({ version: '6.14.5', attributes: { 'rastro.deviceLimit': 50, 'web.selectZoom': 15 } });
    expect(serverSchema.safeParse({ registration: true }).success).toBe(false);
  });

  it('read an event with its geofence and the message the web notificator adds', () => {
    const event = eventSchema.parse({ id: 7, type: 'geofenceEnter', eventTime: '2026-11-23T10:00:00.000+00:00', deviceId: 2, geofenceId: 4, attributes: { message: 'Entrou em Depósito' } });
    expect(event).toMatchObject({ type: 'geofenceEnter', geofenceId: 4, attributes: { message: 'Entrou em Depósito' } });
    expect(eventSchema.safeParse({ id: 7, type: 'alarm', attributes: {} }).success).toBe(false);
  });

  it('read every kind of socket message, including the keep-alive {}', () => {
    expect(socketMessageSchema.parse({})).toEqual({});
    expect(socketMessageSchema.parse({ events: [{ id: 1, type: 'alarm', deviceId: 2, attributes: { alarm: 'sos' } }] }).events?.[0]?.type).toBe('alarm');
  });
});

describe('product API schemas', () => {
  it('accept only the five known remotes', () => {
    expect(remotesManifestSchema.safeParse({ remotes: [{ name: 'mf_map', entry: '/remotes/mf-map/mf-manifest.json' }] }).success).toBe(true);
    expect(remotesManifestSchema.safeParse({ remotes: [{ name: 'mf_other', entry: '/x' }] }).success).toBe(false);
  });

  it('give the static config its defaults', () => {
    expect(appConfigSchema.parse({})).toEqual({ title: 'Rastro', mapboxToken: null, mapStyleUrl: null });
  });
});
