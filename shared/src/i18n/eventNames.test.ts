import { alarmName, eventName, knownAlarms } from './eventNames';
import { enUS } from './locales/en-US';
import { es } from './locales/es';
import { ptBR } from './locales/pt-BR';
import { i18n, initI18n } from './i18n';

describe('alarm and event names', () => {
  beforeAll(() => initI18n('pt-BR'));
  afterAll(() => i18n.changeLanguage('pt-BR'));

  it('name an alarm from the shared catalog in each language, and an unknown one as the device sent it', async () => {
    expect(alarmName('hardBraking')).toBe('Frenagem brusca');
    await i18n.changeLanguage('es');
    expect(alarmName('hardBraking')).toBe('Frenado brusco');
    await i18n.changeLanguage('en-US');
    expect(alarmName('hardBraking')).toBe('Hard braking');
    expect(alarmName('brandNewAlarm')).toBe('brandNewAlarm');
  });

  it('name an event, with its alarm for an alarm event', async () => {
    await i18n.changeLanguage('pt-BR');
    expect(eventName('alarm', 'sos')).toBe('Alarme: SOS');
    expect(eventName('ignitionOn')).toBe('Ignição ligada');
    expect(eventName('somethingNew')).toBe('Evento: somethingNew');
  });

  it('know the alarms every catalog names (the notification form offers these)', () => {
    for (const catalog of [ptBR, es, enUS]) expect(Object.keys(catalog.alarms).sort()).toEqual([...knownAlarms].sort());
  });
});
