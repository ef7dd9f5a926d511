import { i18n, initI18n, missingKeyMarker } from './i18n';
import { enUS } from './locales/en-US';
import { es } from './locales/es';
import { ptBR } from './locales/pt-BR';

const catalogs = { 'pt-BR': ptBR, es, 'en-US': enUS };
import { detectLanguage, languageFromAttributes, resolveLanguage, toSupportedLanguage } from './language';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('catalogs', () => {
  it('have the same keys in pt-BR, es and en-US', () => {
    const reference = keysOf(catalogs['pt-BR']).sort();
    expect(keysOf(catalogs.es).sort()).toEqual(reference);
    expect(keysOf(catalogs['en-US']).sort()).toEqual(reference);
  });
});

describe('language detection (SPEC §1 order)', () => {
  const none = { search: '', browserLanguages: [] as string[], pageLanguage: '' };

  it('takes the locale query parameter first', () => {
    expect(detectLanguage({ ...none, search: '?locale=en-US', browserLanguages: ['es-AR'] })).toBe('en-US');
  });

  it('then the browser languages, mapped onto the catalogs we ship', () => {
    expect(detectLanguage({ ...none, browserLanguages: ['fr-FR', 'es-MX'] })).toBe('es');
    expect(detectLanguage({ ...none, browserLanguages: ['en-GB', 'en'] })).toBe('en-US');
  });

  it('gives English to a browser that reports en-US, as an ordinary English Chrome does', () => {
    expect(detectLanguage({ ...none, browserLanguages: ['en-US'], pageLanguage: 'pt-BR' })).toBe('en-US');
    expect(detectLanguage({ ...none, browserLanguages: ['en-US', 'en'], pageLanguage: 'pt-BR' })).toBe('en-US');
    expect(detectLanguage({ ...none, browserLanguages: ['en'] })).toBe('en-US');
  });

  it('takes the first browser language it ships, in the order the reader ranked them', () => {
    expect(detectLanguage({ ...none, browserLanguages: ['en-US', 'es', 'pt-BR'] })).toBe('en-US');
    expect(detectLanguage({ ...none, browserLanguages: ['de-DE', 'pt-PT', 'en-US'] })).toBe('pt-BR');
  });

  it('then the page, then Brazilian Portuguese', () => {
    expect(detectLanguage({ ...none, pageLanguage: 'es' })).toBe('es');
    expect(detectLanguage({ ...none, browserLanguages: ['de-DE', 'fr'], pageLanguage: 'es' })).toBe('es');
    expect(detectLanguage({ ...none, browserLanguages: ['de-DE'], pageLanguage: 'de' })).toBe('pt-BR');
    expect(detectLanguage(none)).toBe('pt-BR');
    expect(toSupportedLanguage('de')).toBeNull();
  });
});

describe('translation', () => {
  beforeAll(() => initI18n('pt-BR'));

  it('translates in the chosen language and switches for everyone', async () => {
    expect(i18n.t('login.signIn')).toBe('Entrar');
    await i18n.changeLanguage('es');
    expect(i18n.t('login.signIn')).toBe('Ingresar');
    await i18n.changeLanguage('pt-BR');
  });

  it('shows a missing key inside a visible marker', () => {
    expect(i18n.t('nowhere.to.be.found')).toBe(missingKeyMarker('nowhere.to.be.found'));
    expect(missingKeyMarker('x')).toBe('⟦x⟧');
  });
});

describe('language resolution with rastro.lang', () => {
  const sources = { search: '', browserLanguages: ['es-AR'], pageLanguage: '' };

  it('lets the user or the server attribute override what the browser says', () => {
    expect(resolveLanguage({ ...sources, serverAttributes: { 'rastro.lang': 'en' } })).toBe('en-US');
    expect(resolveLanguage({ ...sources, serverAttributes: { 'rastro.lang': 'en' }, userAttributes: { 'rastro.lang': 'pt_BR' } })).toBe('pt-BR');
    expect(resolveLanguage({ ...sources, userAttributes: { 'rastro.lang': 'klingon' } })).toBe('es');
  });

  it('lets an explicit request win: the address first, then the switcher', () => {
    const attributes = { userAttributes: { 'rastro.lang': 'pt-BR' } };
    expect(resolveLanguage({ ...sources, ...attributes, chosen: 'en-US' })).toBe('en-US');
    expect(resolveLanguage({ ...sources, ...attributes, chosen: 'en-US', search: '?locale=es' })).toBe('es');
  });

  it('reads the attribute only when it names a shipped language', () => {
    expect(languageFromAttributes({ 'rastro.lang': 'es-MX' })).toBe('es');
    expect(languageFromAttributes({ 'rastro.lang': 3 })).toBeNull();
    expect(languageFromAttributes(null)).toBeNull();
  });
});
