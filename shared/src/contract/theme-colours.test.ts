import { mergeThemeOverrides, themeOverridesSchema, themeSettingsSchema } from './product';

const light = { primary: '#1a56db', secondary: '#0e9f6e', background: '#f9fafb', surface: '#ffffff', text: '#111827' };
const settings = { appName: 'Rastro', colors: light, logoWidth: 80, login: { title: null, showRegisterLink: true, showSharedLinkAccess: true } };

describe('the theme contract: dark mode colours', () => {
  it('keeps a theme stored before dark mode valid', () => {
    expect(themeSettingsSchema.safeParse(settings).success).toBe(true);
    expect(themeOverridesSchema.safeParse({ colors: { primary: '#7b1fa2' } }).success).toBe(true);
  });

  it('accepts a dark colour set, whole in a theme and partial in a domain override', () => {
    const dark = { primary: '#2563eb', secondary: '#047857', background: '#111827', surface: '#1f2937', text: '#f3f4f6' };
    expect(themeSettingsSchema.parse({ ...settings, colors: { ...light, dark } }).colors.dark).toEqual(dark);
    expect(themeOverridesSchema.parse({ colors: { dark: { primary: '#7b1fa2' } } })).toEqual({ colors: { dark: { primary: '#7b1fa2' } } });
  });

  it('refuses a dark colour that is not #rrggbb, naming its path, and an unknown dark colour', () => {
    const bad = themeOverridesSchema.safeParse({ colors: { dark: { surface: 'black' } } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['colors.dark.surface']);
    expect(themeOverridesSchema.safeParse({ colors: { dark: { accent: '#000000' } } }).success).toBe(false);
    expect(themeSettingsSchema.safeParse({ ...settings, colors: { ...light, dark: { primary: '#2563eb' } } }).success).toBe(false);
  });

  it('merges layers one colour at a time, dark colours too', () => {
    const below = { appName: 'Rastro', colors: { primary: '#111111', dark: { primary: '#222222', text: '#eeeeee' } } };
    const above = { colors: { secondary: '#333333', dark: { primary: '#444444' } }, login: { showRegisterLink: false } };
    expect(mergeThemeOverrides(below, above)).toEqual({
      appName: 'Rastro',
      colors: { primary: '#111111', secondary: '#333333', dark: { primary: '#444444', text: '#eeeeee' } },
      login: { showRegisterLink: false },
    });
    expect(mergeThemeOverrides({ colors: { primary: '#111111' } }, {}).colors).toEqual({ primary: '#111111' });
  });
});
