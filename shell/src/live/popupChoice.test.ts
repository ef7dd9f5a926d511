import { POPUP_DURATION_MS, chooseSound, choosePopup, eventMessage, notificationFor } from './popupChoice';

describe('event pop-up choice (SPEC §4, §9)', () => {
  it('defaults to bottom-right, the default colour, sound audio1 and 7 s', () => {
    expect(choosePopup(undefined)).toEqual({ colour: null, position: 'bottom-right', soundUrl: '/rastro/assets/custom/sounds/audio1.wav', durationMs: 7_000 });
    expect(POPUP_DURATION_MS).toBe(7_000);
  });

  it("follows the notification's colour, position and pin", () => {
    const choice = choosePopup({ type: 'alarm', attributes: { 'rastro.color': 'soft-red', 'rastro.position': 'top-left', 'rastro.pin': 'true' } });
    expect(choice).toMatchObject({ colour: 'soft-red', position: 'top-left', durationMs: null });
    expect(choosePopup({ type: 'alarm', attributes: { 'rastro.color': 'purple', 'rastro.position': 'middle' } })).toMatchObject({ colour: null, position: 'bottom-right' });
  });

  it('plays a preset audio1…24, a custom URL, or nothing when muted', () => {
    expect(chooseSound({ 'rastro.sound': 'audio24' })).toBe('/rastro/assets/custom/sounds/audio24.wav');
    expect(chooseSound({ 'rastro.sound': 'audio25' })).toBe('/rastro/assets/custom/sounds/audio1.wav');
    expect(chooseSound({ 'rastro.sound': 'mute' })).toBeNull();
    expect(chooseSound({ 'rastro.sound': 'https://sons.example/sirene.mp3' })).toBe('https://sons.example/sirene.mp3');
    expect(chooseSound({ 'rastro.sound': 'custom', 'rastro.soundURL': '/meus/sons/bip.wav' })).toBe('/meus/sons/bip.wav');
  });

  it("picks the notification of the event's type, preferring the one naming an alarm", () => {
    const general = { type: 'alarm', attributes: { alarms: 'powerCut', 'rastro.color': 'yellow' } };
    const sos = { type: 'alarm', attributes: { alarms: 'sos, overspeed', 'rastro.color': 'red' } };
    const ignition = { type: 'ignitionOn', attributes: {} };
    expect(notificationFor({ type: 'alarm', attributes: { alarm: 'sos' } }, [general, sos, ignition])).toBe(sos);
    expect(notificationFor({ type: 'alarm', attributes: { alarm: 'tow' } }, [general, sos])).toBe(general);
    expect(notificationFor({ type: 'ignitionOn', attributes: {} }, [general, ignition])).toBe(ignition);
    expect(notificationFor({ type: 'geofenceEnter', attributes: {} }, [general])).toBeUndefined();
  });

  it("shows the server's message when the event carries one", () => {
    expect(eventMessage({ attributes: { message: ' Ignição ligada ' } })).toBe('Ignição ligada');
    expect(eventMessage({ attributes: {} })).toBeNull();
  });
});
