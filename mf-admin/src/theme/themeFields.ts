import type { Theme, ThemeColourName, ThemeColourSet, ThemeImageSlot, ThemeOverrides } from '@rastro/shared/contract';
import { themeColourSetSchema, themeLoginSchema, themeSettingsSchema } from '@rastro/shared/contract';
import { textOf, type DeclaredField, type FormValues } from '../form/declaredFields';

/** SPEC §2 theme editor sections, in order: the colours in light and in dark mode. */
export const themeSections = ['general', 'login', 'logos', 'colours', 'darkColours'] as const;
export type ThemeSection = (typeof themeSections)[number];

const colourNames = ['primary', 'secondary', 'text', 'background', 'surface'] as const satisfies readonly ThemeColourName[];

/** The form's name of a dark mode colour (`darkPrimary`): one flat form holds both modes. */
export const darkFieldName = (name: ThemeColourName) => `dark${name[0]!.toUpperCase()}${name.slice(1)}`;

/** The dark colours a theme shows: the gateway always sends them; a theme without keeps its light ones. */
const shownDark = (theme: Theme): ThemeColourSet => theme.colors.dark ?? theme.colors;

const isColour = (text: string) => /^#[0-9a-fA-F]{6}$/.test(text);

const label = (name: string) => `admin.theme.fields.${name}`;

/** The editor's fields (labels at `admin.theme.fields.<name>`), checked with the theme's own schemas. */
export const themeFields: readonly DeclaredField[] = [
  { name: 'appName', kind: 'text', section: 'general', labelKey: label('appName'), required: true, schema: themeSettingsSchema.shape.appName },
  { name: 'title', kind: 'text', section: 'general', labelKey: label('title'), hintKey: label('titleHint'), schema: themeLoginSchema.shape.title, path: 'login.title' },
  { name: 'showRegisterLink', kind: 'boolean', section: 'login', labelKey: label('showRegisterLink'), path: 'login.showRegisterLink' },
  { name: 'showSharedLinkAccess', kind: 'boolean', section: 'login', labelKey: label('showSharedLinkAccess'), path: 'login.showSharedLinkAccess' },
  { name: 'logoWidth', kind: 'integer', section: 'logos', labelKey: label('logoWidth'), hintKey: label('logoWidthHint'), required: true, schema: themeSettingsSchema.shape.logoWidth },
  ...colourNames.map((name): DeclaredField => ({ name, kind: 'colour', section: 'colours', labelKey: label(name), required: true, schema: themeColourSetSchema.shape[name], path: `colors.${name}` })),
  ...colourNames.map(
    (name): DeclaredField => ({ name: darkFieldName(name), kind: 'colour', section: 'darkColours', labelKey: label(darkFieldName(name)), required: true, schema: themeColourSetSchema.shape[name], path: `colors.dark.${name}` }),
  ),
];

/** Each section's images, drawn after its fields. */
export const themeImages: Record<ThemeSection, readonly ThemeImageSlot[]> = {
  general: [],
  login: ['loginBackground'],
  logos: ['loginLogo', 'headLogo', 'favicon'],
  colours: [],
  darkColours: [],
};

/** The form's values: what the domain shows now. */
export function themeValuesOf(theme: Theme): FormValues {
  return {
    appName: theme.appName,
    title: theme.login.title ?? '',
    showRegisterLink: theme.login.showRegisterLink,
    showSharedLinkAccess: theme.login.showSharedLinkAccess,
    logoWidth: String(theme.logoWidth),
    ...Object.fromEntries(colourNames.map((name) => [name, theme.colors[name]])),
    ...Object.fromEntries(colourNames.map((name) => [darkFieldName(name), shownDark(theme)[name]])),
  };
}

/** The values as a theme, for the preview (an unreadable colour or width keeps the shown one). */
export function previewTheme(shown: Theme, values: FormValues): Theme {
  const colour = (field: string, kept: string) => (isColour(textOf(values, field)) ? textOf(values, field) : kept);
  const width = Number(textOf(values, 'logoWidth'));
  return {
    ...shown,
    appName: textOf(values, 'appName').trim() || shown.appName,
    logoWidth: Number.isInteger(width) && width >= 10 && width <= 100 ? width : shown.logoWidth,
    colors: {
      ...(Object.fromEntries(colourNames.map((name) => [name, colour(name, shown.colors[name])])) as ThemeColourSet),
      dark: Object.fromEntries(colourNames.map((name) => [name, colour(darkFieldName(name), shownDark(shown)[name])])) as ThemeColourSet,
    },
    login: { title: textOf(values, 'title').trim() || null, showRegisterLink: values.showRegisterLink === true, showSharedLinkAccess: values.showSharedLinkAccess === true },
  };
}

/**
 * What `PUT /rastro/theme` gets: the domain's own values, changed where the form differs from what
 * the domain showed. A value the domain inherits and the form left alone stays inherited, so a
 * later change of the default theme still reaches it.
 */
export function themeOverridesOf(own: ThemeOverrides, shown: Theme, values: FormValues): ThemeOverrides {
  const next = previewTheme(shown, values);
  // Nested objects are replaced, never changed in place: a shallow copy keeps `own` as it was.
  const overrides: ThemeOverrides = { ...own };
  if (next.appName !== shown.appName || own.appName !== undefined) overrides.appName = next.appName;
  if (next.logoWidth !== shown.logoWidth || own.logoWidth !== undefined) overrides.logoWidth = next.logoWidth;
  for (const name of colourNames) {
    if (next.colors[name] !== shown.colors[name] || own.colors?.[name] !== undefined) overrides.colors = { ...overrides.colors, [name]: next.colors[name] };
    const dark = next.colors.dark![name];
    if (dark !== shownDark(shown)[name] || own.colors?.dark?.[name] !== undefined) overrides.colors = { ...overrides.colors, dark: { ...overrides.colors?.dark, [name]: dark } };
  }
  for (const name of ['title', 'showRegisterLink', 'showSharedLinkAccess'] as const) {
    if (next.login[name] !== shown.login[name] || own.login?.[name] !== undefined) overrides.login = { ...overrides.login, [name]: next.login[name] };
  }
  return overrides;
}
