import type { Server } from '@rastro/shared';
import { ApiError } from '@rastro/shared';
import { checkFields, refusedErrors } from '../form/declaredFields';
import { serverSettingsSchema } from '@rastro/shared/contract';
import { applySettingValues, settingFields, settingValuesOf } from './settingsFields';

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
    expect(checkFields(settingFields, values)).toEqual({});
    const next = applySettingValues(server, values);
    expect(next).toMatchObject({ id: 1, registration: true, twelveHourFormat: true, zoom: 14, mapUrl: null, latitude: -23.55 });
    expect(next.attributes).toEqual({ 'rastro.enableBilling': true, 'rastro.lang': 'es', speedUnit: 'kmh', 'rastro.enableAdvancedPerms': false, 'rastro.safeDelete': false, 'rastro.qrCheckIn': true, 'rastro.lockButtons': true, 'rastro.showStops': true, 'rastro.showEvents': true });
    // What the gateway checks the write with agrees.
    expect(serverSettingsSchema.safeParse(next).success).toBe(true);
  });

  it('names each wrong value with the message the user reads, as the gateway would refuse it', () => {
    const values = { ...settingValuesOf(server), zoom: '99', latitude: 'north', longitude: ' ', lang: 'fr', mapUrl: 'ftp://tiles', deviceAttributes: 'plate; iccid', logoWidth: '5', selectZoom: '2.5' };
    expect(checkFields(settingFields, values)).toEqual({
      zoom: { key: 'admin.form.invalid.max', values: { maximum: 24 } },
      latitude: { key: 'admin.form.invalid.number' },
      longitude: { key: 'admin.form.invalid.required' },
      lang: { key: 'admin.form.invalid.choice' },
      mapUrl: { key: 'admin.form.invalid.url' },
      deviceAttributes: { key: 'admin.form.invalid.list' },
      logoWidth: { key: 'admin.form.invalid.min', values: { minimum: 10 } },
      selectZoom: { key: 'admin.form.invalid.wholeNumber' },
    });
  });

  it("finds the form's fields in the gateway's refusal", () => {
    const refusal = new ApiError(400, 'INVALID_INPUT', JSON.stringify({ code: 'INVALID_INPUT', fields: ['zoom', 'attributes.rastro.lang', 'attributes.other'] }));
    expect(Object.keys(refusedErrors(settingFields, refusal))).toEqual(['zoom', 'lang']);
  });
});
