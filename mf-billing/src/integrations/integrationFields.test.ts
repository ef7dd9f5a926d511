import { SECRET_MASK } from '@rastro/shared/contract';
import { formValuesOf, settingsOf } from './integrationFields';

describe('integration forms', () => {
  it('a stored secret comes back masked and is sent back as it came (the gateway keeps the stored one)', () => {
    const values = formValuesOf('payment', { email: 'billing@rastro.demo', token: `${SECRET_MASK}cdef`, sandbox: true, webhookToken: '' });
    expect(values).toEqual({ email: 'billing@rastro.demo', token: `${SECRET_MASK}cdef`, sandbox: true, webhookToken: '' });
    expect(settingsOf('payment', values)).toEqual({ email: 'billing@rastro.demo', token: `${SECRET_MASK}cdef`, sandbox: true });
  });

  it('numbers are sent as numbers; what is not one goes as typed for the gateway to refuse by name', () => {
    expect(settingsOf('mail', { ...formValuesOf('mail', null), host: 'smtp.rastro.demo', port: '587' })).toEqual({ host: 'smtp.rastro.demo', port: 587, secure: false });
    expect(settingsOf('invoice', { ...formValuesOf('invoice', null), issPercent: '2,5' })).toMatchObject({ enabled: false, issPercent: '2,5' });
  });
});
