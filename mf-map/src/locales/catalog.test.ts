import { i18n, initI18n } from '@rastro/shared';
import { registerMapCatalogs } from './catalog';

describe('map strings', () => {
  beforeAll(async () => {
    registerMapCatalogs();
    await initI18n('pt-BR');
  });

  it.each([
    ['pt-BR', '1 dispositivo no mapa', '12 dispositivos no mapa'],
    ['es', '1 dispositivo en el mapa', '12 dispositivos en el mapa'],
    ['en-US', '1 device on the map', '12 devices on the map'],
  ])('count devices on the map in the singular and the plural (%s)', async (language, one, many) => {
    await i18n.changeLanguage(language);
    expect(i18n.t('map.devicesShown', { count: 1 })).toBe(one);
    expect(i18n.t('map.devicesShown', { count: 12 })).toBe(many);
  });
});
