import type { AutolinkResult, Device } from '@rastro/shared/contract';
import { startTrackingFixture, type Browser, type TrackingFixture } from '../test-support/tracking-fixture';

// Adding a device by IMEI, against the real tracker behind the gateway.
describe('POST /rastro/autolink', () => {
  let fixture: TrackingFixture;
  let owner: Browser;
  let neighbour: Browser;

  async function user(email: string, fields: Record<string, unknown> = {}): Promise<Browser> {
    const created = await fixture.admin.call('POST', '/api/users', { name: email, email, password: 'secret', deviceLimit: -1, ...fields });
    expect(created.status).toBe(200);
    return fixture.signIn(email, 'secret');
  }

  async function stockDevice(uniqueId: string): Promise<Device> {
    const created = await fixture.admin.call<Device>('POST', '/api/devices', { name: `stock ${uniqueId}`, uniqueId });
    expect(created.status).toBe(200);
    return created.body;
  }

  const myDevices = async (browser: Browser) => (await browser.call<Device[]>('GET', '/api/devices')).body.map((device) => device.uniqueId);

  beforeAll(async () => {
    fixture = await startTrackingFixture();
    owner = await user('owner@autolink.test');
    neighbour = await user('neighbour@autolink.test');
  }, 30_000);

  afterAll(async () => fixture?.close());

  it('links a stock device (only administrators have it) to the caller, renamed as asked', async () => {
    const stock = await stockDevice('359000000000001');
    const answer = await owner.call<AutolinkResult>('POST', '/rastro/autolink', { uniqueId: '359000000000001', name: 'My van', category: 'van' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ outcome: 'linked', device: { id: stock.id, name: 'My van', category: 'van' } });
    expect(await myDevices(owner)).toContain('359000000000001');
    const logs = await fixture.admin.call<{ items: Array<{ action: string; userId: number | null }> }>('GET', `/rastro/devices/${stock.id}/logs?action=autolink`);
    expect(logs.body.items).toHaveLength(1);
  });

  it('creates a device the tracking server does not know yet, as the caller’s', async () => {
    const answer = await owner.call<AutolinkResult>('POST', '/rastro/autolink', { uniqueId: '359000000000002' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ outcome: 'created', device: { uniqueId: '359000000000002', name: '359000000000002' } });
    expect(await myDevices(owner)).toContain('359000000000002');
  });

  it('refuses a device someone else has with 409 DEVICE_ALREADY_LINKED, and answers alreadyLinked to its owner', async () => {
    const refused = await neighbour.call('POST', '/rastro/autolink', { uniqueId: '359000000000002' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'DEVICE_ALREADY_LINKED' } });
    expect(await myDevices(neighbour)).not.toContain('359000000000002');
    expect((await owner.call<AutolinkResult>('POST', '/rastro/autolink', { uniqueId: '359000000000002' })).body.outcome).toBe('alreadyLinked');
  });

  it('keeps the caller within its device limit: 400 USER_DEVICE_LIMIT_REACHED, nothing linked', async () => {
    const limited = await user('limited@autolink.test', { deviceLimit: 1 });
    expect((await limited.call('POST', '/rastro/autolink', { uniqueId: '359000000000003' })).status).toBe(200);
    await stockDevice('359000000000004');
    const refused = await limited.call('POST', '/rastro/autolink', { uniqueId: '359000000000004' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'USER_DEVICE_LIMIT_REACHED' } });
    expect(await myDevices(limited)).toEqual(['359000000000003']);
  });

  it('refuses read-only and device-read-only accounts with their codes', async () => {
    await stockDevice('359000000000005');
    const readonly = await user('readonly@autolink.test', { readonly: true });
    const deviceReadonly = await user('device-readonly@autolink.test', { deviceReadonly: true });
    expect(await readonly.call('POST', '/rastro/autolink', { uniqueId: '359000000000005' })).toMatchObject({ status: 403, body: { code: 'ACCOUNT_IS_READONLY' } });
    expect(await deviceReadonly.call('POST', '/rastro/autolink', { uniqueId: '359000000000005' })).toMatchObject({ status: 403, body: { code: 'ACCOUNT_IS_DEVICE_READONLY' } });
  });

  it('validates its input and needs a session', async () => {
    expect(await owner.call('POST', '/rastro/autolink', { uniqueId: '  ' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', fields: ['uniqueId'] } });
    const anonymous = await fetch(`${fixture.gateway.url}/rastro/autolink`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"uniqueId":"1"}' });
    expect(anonymous.status).toBe(401);
  });
});
