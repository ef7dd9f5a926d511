import { demoAccount, startTracker, type RunningTracker } from '../index';
import { getJson, login, openSocket } from '../test-support/tracker-client';

interface DeviceJson {
  id: number;
  status: string;
}
interface PositionJson {
  deviceId: number;
  speed: number;
  attributes: Record<string, unknown>;
}

describe('commands: /api/commands/send and /api/commands/types', () => {
  let tracker: RunningTracker;
  let admin: string;
  let devices: DeviceJson[];

  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${tracker.url}${path}`, {
      method,
      headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, json: (response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null) as unknown };
  };
  const send = (cookie: string, command: Record<string, unknown>) => call(cookie, 'POST', '/api/commands/send', command);
  const types = async (cookie: string, query: string) => ((await call(cookie, 'GET', `/api/commands/types${query}`)).json as Array<{ type: string }>).map((entry) => entry.type);

  /** A user created by the admin, who sees one device; returns its id and a session cookie. */
  const userSeeing = async (email: string, deviceId: number, fields: Record<string, unknown>) => {
    const created = await call(admin, 'POST', '/api/users', { name: email, email, password: 'secret', ...fields });
    expect(created.status).toBe(200);
    const userId = (created.json as { id: number }).id;
    expect((await call(admin, 'POST', '/api/permissions', { userId, deviceId })).status).toBe(204);
    return { userId, cookie: await login(tracker.url, email, 'secret') };
  };
  const saveCommand = async (command: Record<string, unknown>) => {
    const saved = await call(admin, 'POST', '/api/commands', { description: command.type, deviceId: 0, textChannel: false, attributes: {}, ...command });
    expect(saved.status).toBe(200);
    return saved.json as { id: number };
  };

  const online = () => devices.find((device) => device.status === 'online') as DeviceJson;
  const offline = () => devices.find((device) => device.status === 'offline') as DeviceJson;

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { devices: 20, intervalMs: 100, seed: 1 } });
    admin = await login(tracker.url, demoAccount.email, demoAccount.password);
    devices = await getJson<DeviceJson[]>(`${tracker.url}/api/devices`, { cookie: admin });
    expect(online()).toBeDefined();
    expect(offline()).toBeDefined();
  }, 30_000);

  afterAll(() => tracker?.close());

  it('sends to an online simulated device (200 with the command); engineStop blocks it, engineResume frees it', async () => {
    const { id } = online();
    const { socket, next } = await openSocket(`${tracker.url.replace('http', 'ws')}/api/socket`, { cookie: admin });
    /** The device's next fix with a command result. */
    const answered = async () => {
      for (;;) {
        const position = (await next<{ positions?: PositionJson[] }>(3000)).positions?.find((candidate) => candidate.deviceId === id && candidate.attributes.result);
        if (position) return position;
      }
    };
    try {
      const sent = await send(admin, { deviceId: id, type: 'engineStop', attributes: {} });
      expect(sent.status).toBe(200);
      expect(sent.json).toMatchObject({ deviceId: id, type: 'engineStop', textChannel: false });
      expect((await answered()).attributes).toMatchObject({ result: 'engineStop: OK', blocked: true });

      expect((await send(admin, { deviceId: id, type: 'engineResume' })).status).toBe(200);
      expect((await answered()).attributes).toMatchObject({ result: 'engineResume: OK', blocked: false });
    } finally {
      socket.close();
    }
  });

  it('queues for an offline device (202 with the queued command)', async () => {
    const { id } = offline();
    const queued = await send(admin, { deviceId: id, type: 'positionSingle' });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ id: expect.any(Number), deviceId: id, type: 'positionSingle', textChannel: false, attributes: {} });
  });

  it('queues for a device the simulator does not drive (OsmAnd phones cannot take commands), which only offers custom', async () => {
    const created = await call(admin, 'POST', '/api/devices', { name: 'Celular do técnico', uniqueId: 'phone-42' });
    expect(created.status).toBe(200);
    const phone = (created.json as { id: number }).id;
    expect(await types(admin, `?deviceId=${phone}`)).toEqual(['custom']);
    const queued = await send(admin, { deviceId: phone, type: 'custom', attributes: { data: 'hello' } });
    expect(queued.status).toBe(202);
  });

  it('lists the command types of a simulated device (data and SMS), and every type without a device', async () => {
    const { id } = online();
    expect(await types(admin, `?deviceId=${id}`)).toEqual(
      expect.arrayContaining(['custom', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'positionSingle', 'outputControl', 'rebootDevice', 'deviceIdentification']),
    );
    const sms = await types(admin, `?deviceId=${id}&textChannel=true`);
    expect(sms).toContain('engineStop');
    expect(sms).not.toContain('outputControl');
    const all = await types(admin, '');
    expect(all).toEqual(expect.arrayContaining(['custom', 'engineStop', 'setTimezone', 'requestPhoto']));
  });

  it('refuses a type the connected device does not support', async () => {
    const refused = await send(admin, { deviceId: online().id, type: 'setTimezone' });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/not supported/);
  });

  it('refuses devices the caller does not reach, and read-only users', async () => {
    const { cookie } = await userSeeing('reader@test.local', online().id, { readonly: true });
    expect(await send(cookie, { deviceId: online().id, type: 'engineStop' })).toMatchObject({ status: 400, text: 'Operation restricted' });

    const { cookie: other } = await userSeeing('other@test.local', online().id, {});
    const stranger = devices.find((device) => device.id !== online().id) as DeviceJson;
    const denied = await send(other, { deviceId: stranger.id, type: 'engineStop' });
    expect(denied.status).toBe(400);
    expect(denied.text).toBe('Device access denied');
    expect((await call(other, 'GET', `/api/commands/types?deviceId=${stranger.id}`)).status).toBe(400);
    expect((await send(other, { deviceId: online().id, type: 'engineResume' })).status).toBe(200);
  });

  it('lets a limitCommands user send only saved commands it reaches, which stay as saved', async () => {
    const { id } = online();
    const { userId, cookie } = await userSeeing('limited@test.local', id, { limitCommands: true });
    expect(await send(cookie, { deviceId: id, type: 'engineResume' })).toMatchObject({ status: 400, text: 'Operation restricted' });

    const saved = await saveCommand({ type: 'rebootDevice', description: 'Reiniciar' });
    // Not yet linked to the user: out of reach.
    expect(await send(cookie, { id: saved.id, deviceId: id })).toMatchObject({ status: 400, text: 'Command access denied' });
    expect((await call(admin, 'POST', '/api/permissions', { userId, commandId: saved.id })).status).toBe(204);
    const sent = await send(cookie, { id: saved.id, deviceId: id, type: 'engineStop' });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ id: saved.id, deviceId: id, type: 'rebootDevice', description: 'Reiniciar' });
  });

  it('GET /api/commands/send lists the saved commands usable for a device', async () => {
    const { id } = online();
    const other = devices.find((device) => device.id !== id) as DeviceJson;
    const anyDevice = await saveCommand({ type: 'positionSingle', description: 'Posição agora' });
    const boundHere = await saveCommand({ type: 'engineStop', deviceId: id });
    const boundElsewhere = await saveCommand({ type: 'engineStop', deviceId: other.id });
    const linkedHere = await saveCommand({ type: 'alarmArm', deviceId: other.id });
    expect((await call(admin, 'POST', '/api/permissions', { deviceId: id, commandId: linkedHere.id })).status).toBe(204);
    const unsupported = await saveCommand({ type: 'setTimezone' });

    const usable = ((await call(admin, 'GET', `/api/commands/send?deviceId=${id}`)).json as Array<{ id: number }>).map((command) => command.id);
    expect(usable).toEqual(expect.arrayContaining([anyDevice.id, boundHere.id, linkedHere.id]));
    expect(usable).not.toContain(boundElsewhere.id);
    expect(usable).not.toContain(unsupported.id);
  });
});
