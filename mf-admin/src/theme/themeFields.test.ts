import type { Theme } from '@rastro/shared/contract';
import { invalidFields } from './form/fieldSpec';
import { defaultThemeFixture } from './themeFixture';
import { previewTheme, themeFields, themeOverridesOf, themeSections, themeValuesOf, unreadableColours } from './themeFields';

const shown: Theme = { ...defaultThemeFixture, appName: 'Frota Azul' };

describe('the theme form', () => {
  it('starts from what the domain shows', () => {
    expect(themeValuesOf(shown)).toMatchObject({ appName: 'Frota Azul', title: '', logoWidth: '80', primary: '#1a56db', showRegisterLink: true });
  });

  it('saves what the domain set and what the form changed, leaving inherited values inherited', () => {
    const values = { ...themeValuesOf(shown), primary: '#7b1fa2', title: 'Bem-vindo' };
    expect(themeOverridesOf({ appName: 'Frota Azul' }, shown, values)).toEqual({ appName: 'Frota Azul', colors: { primary: '#7b1fa2' }, login: { title: 'Bem-vindo' } });
  });

  it('keeps a value the domain set even when the form puts it back to what is shown', () => {
    expect(themeOverridesOf({ logoWidth: 80, colors: { text: '#111827' } }, shown, themeValuesOf(shown))).toEqual({ logoWidth: 80, colors: { text: '#111827' } });
  });

  it('previews the values as typed, but keeps the shown colour while a hex code is half typed', () => {
    const preview = previewTheme(shown, { ...themeValuesOf(shown), primary: '#7b1', appName: 'Nova', showRegisterLink: false, logoWidth: '50' });
    expect(preview).toMatchObject({ appName: 'Nova', logoWidth: 50, colors: { primary: '#1a56db' }, login: { showRegisterLink: false } });
  });

  it('marks an empty name, a colour missing and a logo width out of 10–100', () => {
    const fields = themeSections.flatMap((section) => themeFields[section].fields);
    expect(invalidFields(fields, { ...themeValuesOf(shown), appName: ' ', primary: '', logoWidth: '120' })).toEqual(['appName', 'logoWidth', 'primary']);
    expect(invalidFields(fields, themeValuesOf(shown))).toEqual([]);
  });
});

describe('the theme form in dark mode', () => {
  it('starts from the dark colours the domain shows, under their own names', () => {
    expect(themeValuesOf(shown)).toMatchObject({ primary: '#1a56db', darkPrimary: '#2563eb', darkBackground: '#111827' });
  });

  it('saves a changed dark colour under colors.dark, keeping the light ones inherited', () => {
    const values = { ...themeValuesOf(shown), darkSurface: '#000000' };
    expect(themeOverridesOf({}, shown, values)).toEqual({ colors: { dark: { surface: '#000000' } } });
    // A dark colour the domain set stays its own, as a light one does.
    expect(themeOverridesOf({ colors: { dark: { text: '#f3f4f6' } } }, shown, themeValuesOf(shown))).toEqual({ colors: { dark: { text: '#f3f4f6' } } });
  });

  it('previews dark colours as typed, keeping the shown one while half typed', () => {
    const preview = previewTheme(shown, { ...themeValuesOf(shown), darkPrimary: '#7b1fa2', darkText: '#fff' });
    expect(preview.colors.dark).toMatchObject({ primary: '#7b1fa2', text: '#f3f4f6' });
  });

  it('names the colours, light or dark, whose text is not #rrggbb', () => {
    expect(unreadableColours({ ...themeValuesOf(shown), darkText: '#fff', primary: 'red' })).toEqual(['primary', 'darkText']);
    expect(unreadableColours(themeValuesOf(shown))).toEqual([]);
  });
});
