import { i18n, initI18n } from './i18n';
import { registerCatalogs } from './registerCatalogs';

describe('a package registering its own strings', () => {
  it('has them once i18n starts, in every language, where it placed them, without replacing what was there', async () => {
    // Registered before i18n runs, as a remote's module may load before the shell starts i18n.
    registerCatalogs({ 'pt-BR': { hello: 'Olá' }, es: { hello: 'Hola' }, 'en-US': { hello: 'Hello' } }, (catalog) => ({ sample: catalog }));
    await initI18n('en-US');
    expect(i18n.t('sample.hello')).toBe('Hello');
    expect(i18n.getFixedT('es')('sample.hello')).toBe('Hola');

    // Registered after: at once; a key already there keeps its text.
    registerCatalogs({ 'pt-BR': { hello: 'Oi', bye: 'Tchau' }, es: { hello: 'Buenas', bye: 'Adiós' }, 'en-US': { hello: 'Hi', bye: 'Bye' } }, (catalog) => ({ sample: catalog }));
    expect(i18n.t('sample.hello')).toBe('Hello');
    expect(i18n.t('sample.bye')).toBe('Bye');
  });
});
