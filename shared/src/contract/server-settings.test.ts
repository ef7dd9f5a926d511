import { serverFeatureOn, serverSettingAttributes } from './server-settings';

describe('serverFeatureOn', () => {
  it('keeps a feature on for a server that never saved its switch', () => {
    expect(serverFeatureOn({}, 'lockButtons')).toBe(true);
    expect(serverFeatureOn(undefined, 'qrCheckIn')).toBe(true);
  });

  it('turns it off when switched off, as a boolean or as the text Traccar may keep', () => {
    expect(serverFeatureOn({ [serverSettingAttributes.showStops]: false }, 'showStops')).toBe(false);
    expect(serverFeatureOn({ [serverSettingAttributes.showEvents]: 'false' }, 'showEvents')).toBe(false);
    expect(serverFeatureOn({ [serverSettingAttributes.showEvents]: true, [serverSettingAttributes.showStops]: false }, 'showEvents')).toBe(true);
  });
});
