import { initI18n } from '@rastro/shared';
import type { TrackingNotification } from '@rastro/shared';
import { registerFleetCatalogs } from '../locales/catalog';
import { alarmNames, NOTIFICATION_REQUIRED, notificationEntity } from './notificationEntity';

const errorsOf = (values: object) => {
  const result = notificationEntity.formSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('notification description', () => {
  beforeAll(async () => {
    await initI18n('en-US');
    registerFleetCatalogs();
  });

  it('says "Type, Channels, Alarms must be filled" for each of the three left empty, alarms only for the alarm type', async () => {
    const empty = notificationEntity.toFormValues(null);
    expect(errorsOf(empty)).toEqual([`type: ${NOTIFICATION_REQUIRED}`, `notificators: ${NOTIFICATION_REQUIRED}`]);
    expect(errorsOf({ ...empty, type: 'alarm', notificators: ['web'] })).toEqual([`alarms: ${NOTIFICATION_REQUIRED}`]);
    expect(errorsOf({ ...empty, type: 'ignitionOn', notificators: ['web'] })).toEqual([]);
    const { i18n } = await import('@rastro/shared');
    expect(i18n.t(NOTIFICATION_REQUIRED)).toBe('Type, Channels, Alarms must be filled');
    await i18n.changeLanguage('pt-BR');
    expect(i18n.t(NOTIFICATION_REQUIRED)).toBe('Os campos Tipo, Canais, Alarmes devem ser preenchidos');
    await i18n.changeLanguage('en-US');
  });

  it("keeps channels and alarms as Traccar's comma lists and the pop-up as Rastro's attributes", () => {
    const values = { ...notificationEntity.toFormValues(null), type: 'alarm', notificators: ['web', 'mail'], alarms: ['sos', 'powerCut'], sound: 'audio5', colour: 'red', position: 'top-left', pin: true };
    expect(notificationEntity.toPayload(values, null)).toEqual({
      id: 0,
      type: 'alarm',
      notificators: 'web,mail',
      always: false,
      calendarId: 0,
      attributes: { alarms: 'sos,powerCut', 'rastro.sound': 'audio5', 'rastro.color': 'red', 'rastro.position': 'top-left', 'rastro.pin': true },
    });
  });

  it('reads a stored notification back, a custom sound address as "custom", and defaults to audio1 bottom-right', () => {
    const stored: TrackingNotification = { id: 3, type: 'alarm', notificators: 'web', always: true, calendarId: 2, attributes: { alarms: 'sos', 'rastro.sound': 'https://example.test/beep.mp3' } };
    expect(notificationEntity.toFormValues(stored)).toMatchObject({ type: 'alarm', notificators: ['web'], always: true, alarms: ['sos'], calendarId: '2', sound: 'custom', soundUrl: 'https://example.test/beep.mp3', position: 'bottom-right', pin: false });
    expect(notificationEntity.toFormValues(null)).toMatchObject({ sound: 'audio1', position: 'bottom-right', colour: '' });
    const muted = notificationEntity.toPayload({ ...notificationEntity.toFormValues(stored), type: 'deviceOnline', sound: 'mute' }, stored);
    expect(muted.attributes).toEqual({ 'rastro.sound': 'mute', 'rastro.position': 'bottom-right', 'rastro.pin': false });
  });

  it('keeps "add to new users" as the attribute the gateway reads, and drops it when cleared', () => {
    const stored: TrackingNotification = { id: 4, type: 'deviceOnline', notificators: 'web', always: true, calendarId: 0, attributes: { 'rastro.addToNewUsers': true } };
    const values = notificationEntity.toFormValues(stored);
    expect(values.addToNewUsers).toBe(true);
    expect(notificationEntity.toPayload(values, stored).attributes).toMatchObject({ 'rastro.addToNewUsers': true });
    expect(notificationEntity.toPayload({ ...values, addToNewUsers: false }, stored).attributes).not.toHaveProperty('rastro.addToNewUsers');
  });

  it("offers the shared catalog's alarm names", () => {
    expect(alarmNames).toEqual(expect.arrayContaining(['sos', 'vibration', 'overspeed', 'lowBattery', 'powerCut', 'hardBraking', 'tampering']));
  });
});
