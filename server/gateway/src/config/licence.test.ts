import { licenceFromEnv, serviceAccountFromEnv } from './licence';

describe('licence from the environment', () => {
  it('defaults to the paid edition without a device limit, so the demo shows every feature', () => {
    expect(licenceFromEnv({})).toEqual({ edition: 'paid', licenseDeviceLimit: -1 });
  });

  it('reads the edition and the device limit', () => {
    expect(licenceFromEnv({ RASTRO_EDITION: 'FREE', RASTRO_LICENSE_DEVICE_LIMIT: '25' })).toEqual({ edition: 'free', licenseDeviceLimit: 25 });
  });

  it('refuses an unknown edition or a malformed limit at start', () => {
    expect(() => licenceFromEnv({ RASTRO_EDITION: 'gold' })).toThrow(/RASTRO_EDITION/);
    expect(() => licenceFromEnv({ RASTRO_LICENSE_DEVICE_LIMIT: 'ten' })).toThrow(/RASTRO_LICENSE_DEVICE_LIMIT/);
    expect(() => licenceFromEnv({ RASTRO_LICENSE_DEVICE_LIMIT: '-5' })).toThrow(/RASTRO_LICENSE_DEVICE_LIMIT/);
  });
});

describe('service account from the environment', () => {
  it('takes both variables, or the fallback when neither is set', () => {
    expect(serviceAccountFromEnv({ TRACCAR_SERVICE_USER: 'ops@x', TRACCAR_SERVICE_PASSWORD: 's3cret' })).toEqual({ user: 'ops@x', password: 's3cret' });
    expect(serviceAccountFromEnv({}, { user: 'admin', password: 'admin' })).toEqual({ user: 'admin', password: 'admin' });
    expect(serviceAccountFromEnv({})).toBeUndefined();
  });

  it('refuses half a service account', () => {
    expect(() => serviceAccountFromEnv({ TRACCAR_SERVICE_USER: 'ops@x' })).toThrow(/TRACCAR_SERVICE_PASSWORD/);
  });
});
