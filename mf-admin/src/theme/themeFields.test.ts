import type { Theme } from '@rastro/shared/contract';
import { checkFields } from '../form/declaredFields';
import { defaultThemeFixture } from './themeFixture';
import { previewTheme, themeFields, themeOverridesOf, themeValuesOf } from './themeFields';

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

  it('marks an empty name, a colour missing or half typed and a logo width out of 10–100', () => {
    expect(checkFields(themeFields, { ...themeValuesOf(shown), appName: ' ', primary: '', secondary: '#12', logoWidth: '120' })).toEqual({
      appName: { key: 'admin.form.invalid.required' },
      logoWidth: { key: 'admin.form.invalid.max', values: { maximum: 100 } },
      primary: { key: 'admin.form.invalid.required' },
      secondary: { key: 'admin.form.invalid.colour' },
    });
    expect(checkFields(themeFields, themeValuesOf(shown))).toEqual({});
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

  it('marks the colour, light or dark, whose text is not #rrggbb, under its own name', () => {
    expect(checkFields(themeFields, { ...themeValuesOf(shown), darkText: '#fff', primary: 'red' })).toEqual({
      primary: { key: 'admin.form.invalid.colour' },
      darkText: { key: 'admin.form.invalid.colour' },
    });
  });
});
