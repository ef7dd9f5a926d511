import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import * as sharedCore from '@rastro/shared/core';
import * as React from 'react';
import { loadAreaParcel, registerTenantRemotes, REMOTE_LOAD_TIMEOUT_MS, sharedInstances, sharedOptions } from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({ init: jest.fn(), loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const initMock = init as jest.MockedFunction<typeof init>;
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const registerRemotesMock = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const parcel = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };

beforeEach(() => {
  jest.useFakeTimers();
  loadRemoteMock.mockReset();
  registerRemotesMock.mockReset();
});

describe('what the remotes share with the shell', () => {
  it("provides every singleton the remotes consume (the build factory's list), as the instances already running", () => {
    const { SINGLETONS } = jest.requireActual<{ SINGLETONS: string[] }>('@rastro/build');
    expect(Object.keys(sharedInstances).sort()).toEqual([...SINGLETONS].sort());
    const options = sharedOptions();
    expect((options.react?.lib() as typeof React).useState).toBe(React.useState);
    expect((options['@rastro/shared/core']?.lib() as typeof sharedCore).useSessionStore).toBe(sharedCore.useSessionStore);
    expect(options.react?.shareConfig).toEqual({ singleton: true, requiredVersion: false });
  });

  it('starts the federation runtime once, before the first remote is registered, taking what is loaded first', () => {
    registerTenantRemotes([{ name: 'mf_map', entry: '/remotes/mf_map/mf-manifest.json' }]);
    registerTenantRemotes([{ name: 'mf_fleet', entry: '/remotes/mf_fleet/mf-manifest.json' }]);
    expect(initMock).toHaveBeenCalledTimes(1);
    expect(initMock).toHaveBeenCalledWith(expect.objectContaining({ name: 'shell', shareStrategy: 'loaded-first' }));
    expect(initMock.mock.invocationCallOrder[0]).toBeLessThan(registerRemotesMock.mock.invocationCallOrder[0] ?? 0);
  });
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
