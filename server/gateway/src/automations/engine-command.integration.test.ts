import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import type { Device, Position } from '@rastro/shared/contract';
import { eventually } from '../test-support/tracking-fixture';
import { ServiceAccount } from '../traccar/service-account';
import { TraccarClient } from '../traccar/traccar-client';
import { sendEngineCommand } from './engine-command';

// Engine commands as the service account sends them, to the tracker's simulated (connected) fleet.
describe('sendEngineCommand', () => {
  let tracker: RunningTracker;
  let serviceAccount: ServiceAccount;
  let vehicle: Device;

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 4, intervalMs: 200, seed: 3 }, logger: false });
    serviceAccount = new ServiceAccount(new TraccarClient(tracker.url), { user: demoAccount.email, password: demoAccount.password });
    const online = await eventually(
      () => serviceAccount.json<Device[]>({ path: '/api/devices' }),
      (devices) => devices.some((device) => device.status === 'online'),
    );
    vehicle = online.find((device) => device.status === 'online') as Device;
  }, 30_000);

  afterAll(async () => tracker?.close());

  const latestPosition = async (deviceId: number): Promise<Position | undefined> =>
    (await serviceAccount.json<Position[]>({ path: '/api/positions' })).find((position) => position.deviceId === deviceId);

  it('uses the device’s saved engineStop command, delivered at once to a connected device, which then reports itself blocked', async () => {
    // The demo fleet's saved commands include an engineStop for every device.
    const usable = await serviceAccount.json<Array<{ id: number; type: string }>>({ path: `/api/commands/send?deviceId=${vehicle.id}` });
    const saved = usable.find((command) => command.type === 'engineStop');
    expect(saved).toBeDefined();
    expect(await sendEngineCommand(serviceAccount, vehicle.id, 'engineStop')).toEqual({ delivery: 'sent', savedCommandId: saved?.id });
    await eventually(() => latestPosition(vehicle.id), (position) => position?.attributes?.blocked === true);
  });

  it('sends an ad-hoc command when the device has no saved one of that type, queued for a device without a live connection', async () => {
    const phone = await serviceAccount.json<Device>({ method: 'POST', path: '/api/devices', json: { name: 'Phone', uniqueId: 'phone-engine-1' } });
    expect(await sendEngineCommand(serviceAccount, phone.id, 'engineResume')).toEqual({ delivery: 'queued', savedCommandId: null });
  });
});
