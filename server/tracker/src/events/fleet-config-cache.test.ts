import { FleetConfigCache } from './fleet-config-cache';
import { fleetConfig } from './test-fixes';

describe('FleetConfigCache', () => {
  function cacheOverAFakeDatabase() {
    const state = { now: 0, version: 1, loads: 0, checks: 0 };
    const cache = new FleetConfigCache({
      load: async () => {
        state.loads++;
        return fleetConfig({ devices: [{ id: 1, name: `load ${state.loads}`, groupId: 0, attributes: {} }] });
      },
      version: async () => {
        state.checks++;
        return state.version;
      },
      maxAgeMs: 1000,
      clock: () => state.now,
    });
    const deviceName = async () => (await cache.current()).device(1)?.name;
    return { state, deviceName, cache };
  }

  it('loads once, then answers from memory while the configuration is fresh', async () => {
    const { state, deviceName } = cacheOverAFakeDatabase();
    expect(await deviceName()).toBe('load 1');
    state.now = 999;
    expect(await deviceName()).toBe('load 1');
    expect(state).toMatchObject({ loads: 1, checks: 1 });
  });

  it('checks the version at most once per period and reloads only when it changed', async () => {
    const { state, deviceName } = cacheOverAFakeDatabase();
    await deviceName();
    state.now = 1000;
    expect(await deviceName()).toBe('load 1');
    expect(state).toMatchObject({ loads: 1, checks: 2 });
    state.version = 2;
    expect(await deviceName()).toBe('load 1'); // checked less than a second ago
    state.now = 2000;
    expect(await deviceName()).toBe('load 2');
  });

  it('lets concurrent callers share one check', async () => {
    const { state, cache } = cacheOverAFakeDatabase();
    await Promise.all([cache.current(), cache.current(), cache.current()]);
    expect(state).toMatchObject({ loads: 1, checks: 1 });
  });

  it('sees a write of its own API at once, without waiting for the period', async () => {
    const { state, deviceName, cache } = cacheOverAFakeDatabase();
    await deviceName();
    state.version = 2;
    state.now = 10;
    cache.invalidate();
    expect(await deviceName()).toBe('load 2');
  });
});
