import type { Server } from '@rastro/shared';
import { applySettingValues, checkSettings, fieldsNamed, settingValuesOf } from './settingsFields';

const server: Server = {
  id: 1,
  registration: false,
  readonly: false,
  twelveHourFormat: false,
  latitude: -23.55,
  longitude: -46.63,
  zoom: 12,
  map: null,
  coordinateFormat: null,
  attributes: { 'rastro.enableBilling': 'true', 'rastro.deviceLimit': '5', speedUnit: 'kmh' },
};

describe('server settings described as data', () => {
  it('reads the server into the form: switches as booleans (Traccar keeps "true" too), the rest as text', () => {
    const values = settingValuesOf(server);
    expect(values).toMatchObject({ registration: false, enableBilling: true, deviceLimit: '5', zoom: '12', map: '', lang: '' });
  });

  it('shows the feature switches on until an administrator switches them off (serverFeatureOn)', () => {
    expect(settingValuesOf(server)).toMatchObject({ qrCheckIn: true, lockButtons: true, showStops: true, showEvents: true, safeDelete: false });
    const off = { ...server, attributes: { 'rastro.lockButtons': false, 'rastro.showStops': 'false' } };
    expect(settingValuesOf(off)).toMatchObject({ lockButtons: false, showStops: false, qrCheckIn: true });
  });

  it('writes the form over the server it read, leaving every other field and attribute as it was', () => {
    const values = { ...settingValuesOf(server), registration: true, twelveHourFormat: true, lang: 'es', deviceLimit: '', zoom: '14', mapUrl: ' ' };
    const next = applySettingValues(server, values);
    expect(next).toMatchObject({ id: 1, registration: true, twelveHourFormat: true, zoom: 14, mapUrl: null, latitude: -23.55 });
    expect(next.attributes).toEqual({ 'rastro.enableBilling': true, 'rastro.lang': 'es', speedUnit: 'kmh', 'rastro.enableAdvancedPerms': false, 'rastro.safeDelete': false, 'rastro.qrCheckIn': true, 'rastro.lockButtons': true, 'rastro.showStops': true, 'rastro.showEvents': true });
    expect(checkSettings(next)).toEqual({});
  });

  it('names each wrong value with the message the user reads, as the gateway would refuse it', () => {
    const values = { ...settingValuesOf(server), zoom: '99', latitude: 'north', lang: 'fr', mapUrl: 'ftp://tiles', deviceAttributes: 'plate; iccid', logoWidth: '5' };
    expect(checkSettings(applySettingValues(server, values))).toEqual({
      zoom: { key: 'serverSettings.invalid.max', values: { maximum: 24 } },
      latitude: { key: 'serverSettings.invalid.number' },
      lang: { key: 'serverSettings.invalid.choice' },
      mapUrl: { key: 'serverSettings.invalid.url' },
      deviceAttributes: { key: 'serverSettings.invalid.list' },
      logoWidth: { key: 'serverSettings.invalid.min', values: { minimum: 10 } },
    });
  });

  it("finds the form's fields in the gateway's refusal", () => {
    expect(fieldsNamed(['zoom', 'attributes.rastro.lang', 'attributes.other'])).toEqual(['zoom', 'lang']);
  });
});
