import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadAreaParcel, registerTenantRemotes, REMOTE_LOAD_TIMEOUT_MS } from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const registerRemotesMock = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const parcel = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };

beforeEach(() => {
  jest.useFakeTimers();
  loadRemoteMock.mockReset();
  registerRemotesMock.mockReset();
});
afterEach(() => jest.useRealTimers());

describe('loading a remote area', () => {
  it('gives the area the parcel the remote exposes under its name', async () => {
    loadRemoteMock.mockResolvedValue({ devices: parcel });
    await expect(loadAreaParcel('mf_fleet', 'devices')).resolves.toBe(parcel);
    expect(loadRemoteMock).toHaveBeenCalledWith('mf_fleet/devices');
  });

  it('fails when the remote answers without that area', async () => {
    loadRemoteMock.mockResolvedValue({ other: parcel });
    await expect(loadAreaParcel('mf_fleet', 'devices')).rejects.toThrow('mf_fleet does not expose the area "devices"');
  });

  it('gives up on a remote that never answers, so its area can show the retryable error', async () => {
    loadRemoteMock.mockReturnValue(new Promise(() => undefined));
    const loading = loadAreaParcel('mf_map', 'map');
    const outcome = jest.fn();
    loading.then(outcome, outcome);
    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toThrow(`mf_map/map did not load within ${REMOTE_LOAD_TIMEOUT_MS} ms`);
  });
});

describe('registering the domain’s remotes', () => {
  it('resolves each manifest address against the page, and replaces one only when forced', () => {
    registerTenantRemotes([{ name: 'mf_map', entry: '/remotes/mf-map/mf-manifest.json' }]);
    expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mf_map', entry: `${window.location.origin}/remotes/mf-map/mf-manifest.json` }], { force: false });
    registerTenantRemotes([{ name: 'mf_map', entry: 'https://cdn.reseller.example/mf-map/mf-manifest.json' }], { force: true });
    expect(registerRemotesMock).toHaveBeenLastCalledWith([{ name: 'mf_map', entry: 'https://cdn.reseller.example/mf-map/mf-manifest.json' }], { force: true });
  });
});
