import { registerCatalogs } from '@rastro/shared';
import type { Server, SupportedLanguage } from '@rastro/shared';
import { baseMapSources, mapKeySettings, type MapKeySetting } from '@rastro/shared/base-maps';
import { coordinateFormats, serverFeatures, serverSettingAttributes, serverSettingsAttributesSchema, serverSettingsSchema } from '@rastro/shared/contract';
import type { z } from 'zod';
import { typedValue, type DeclaredField, type FieldKind, type FormValues } from '../form/declaredFields';
import { serverSettingsEnUS } from './locales/en-US';
import { serverSettingsEs } from './locales/es';
import { serverSettingsPtBR } from './locales/pt-BR';

registerCatalogs({ 'pt-BR': serverSettingsPtBR, es: serverSettingsEs, 'en-US': serverSettingsEnUS }, (catalog) => ({ serverSettings: catalog }));

/** One server setting: a declared field that lives in a Traccar field or in an attribute. */
export interface SettingField extends DeclaredField {
  at: 'field' | 'attribute';
  key: string;
  /** A switch that is on until switched off (serverFeatureOn): shown on when the server never saved it. */
  defaultOn?: boolean;
}

/** SPEC §3's sections, in order (titles under `serverSettings.sections.`). */
export const settingSections = ['map', 'display', 'access', 'features', 'keys', 'announcement'] as const;
export type SettingSection = (typeof settingSections)[number];

const LANGUAGE_NAMES: Record<SupportedLanguage, string> = { 'pt-BR': 'Português (Brasil)', es: 'Español', 'en-US': 'English' };
const PROVIDER_NAMES: Record<MapKeySetting, string> = {
  mapboxAccessToken: 'Mapbox',
  mapTilerKey: 'MapTiler',
  googleKey: 'Google',
  bingMapsKey: 'Bing Maps',
  tomTomKey: 'TomTom',
  hereKey: 'HERE',
  locationIqKey: 'LocationIQ',
};

// The gateway checks the write with these schemas (server-settings.ts): each field is checked with its own.
const fieldSchemas: Record<string, z.ZodType> = serverSettingsSchema.shape;
const attributeSchemas: Record<string, z.ZodType> = serverSettingsAttributesSchema.shape;

type Extra = Partial<Pick<SettingField, 'options' | 'label' | 'defaultOn' | 'required'>> & { hint?: boolean };

function declared(section: SettingSection, name: string, kind: FieldKind, at: SettingField['at'], key: string, { hint, ...extra }: Extra): SettingField {
  return {
    name,
    kind,
    section,
    at,
    key,
    labelKey: `serverSettings.fields.${name}`,
    ...(hint ? { hintKey: `serverSettings.hints.${name}` } : {}),
    schema: at === 'field' ? fieldSchemas[key] : attributeSchemas[key],
    path: at === 'field' ? key : `attributes.${key}`,
    ...extra,
  };
}
const field = (section: SettingSection, name: string, kind: FieldKind, extra: Extra = {}) => declared(section, name, kind, 'field', name, extra);
const attribute = (section: SettingSection, name: string, key: string, kind: FieldKind, extra: Extra = {}) => declared(section, name, kind, 'attribute', key, extra);

/** SPEC §3's server settings, section by section: the screen draws, checks and saves exactly these. */
export const settingFields: readonly SettingField[] = [
  field('map', 'map', 'select', {
    options: [{ value: '', labelKey: 'serverSettings.options.defaultMap' }, ...baseMapSources.map((source) => ({ value: source.id, labelKey: `map.baseMaps.${source.labelKey}`, label: source.id }))],
  }),
  field('map', 'mapUrl', 'text', { hint: true }),
  // Traccar always holds a starting view: emptied, it is named rather than saved.
  field('map', 'latitude', 'decimal', { required: true }),
  field('map', 'longitude', 'decimal', { required: true }),
  field('map', 'zoom', 'integer', { required: true }),
  attribute('map', 'selectZoom', serverSettingAttributes.selectZoom, 'integer'),
  field('display', 'twelveHourFormat', 'boolean'),
  field('display', 'coordinateFormat', 'select', {
    options: [{ value: '', labelKey: 'serverSettings.options.none' }, ...coordinateFormats.map((format) => ({ value: format, labelKey: `serverSettings.options.coordinates.${format}` }))],
  }),
  attribute('display', 'lang', serverSettingAttributes.lang, 'select', {
    // Each language by its own name, as a speaker of it looks for it.
    options: [{ value: '', labelKey: 'serverSettings.options.browserLanguage' }, ...Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }))],
  }),
  attribute('display', 'deviceAttributes', serverSettingAttributes.deviceAttributes, 'text', { hint: true }),
  attribute('display', 'logoWidth', serverSettingAttributes.logoWidth, 'integer'),
  field('access', 'registration', 'boolean'),
  field('access', 'readonly', 'boolean'),
  field('access', 'deviceReadonly', 'boolean'),
  field('access', 'limitCommands', 'boolean'),
  attribute('access', 'deviceLimit', serverSettingAttributes.deviceLimit, 'integer', { hint: true }),
  attribute('access', 'enableAdvancedPerms', serverSettingAttributes.enableAdvancedPerms, 'boolean'),
  attribute('access', 'enableBilling', serverSettingAttributes.enableBilling, 'boolean'),
  attribute('features', 'safeDelete', serverSettingAttributes.safeDelete, 'boolean'),
  ...serverFeatures.map((feature) => attribute('features', feature, serverSettingAttributes[feature], 'boolean', { defaultOn: true })),
  ...mapKeySettings.map((key) => attribute('keys', key, key, 'text', { label: PROVIDER_NAMES[key] })),
  field('announcement', 'announcement', 'textarea'),
];

const stored = (server: Server, setting: SettingField): unknown => (setting.at === 'field' ? (server as Record<string, unknown>)[setting.key] : server.attributes[setting.key]);

/** The form's starting values, from the server as it is. */
export function settingValuesOf(server: Server): FormValues {
  return Object.fromEntries(
    settingFields.map((setting) => {
      const value = stored(server, setting);
      if (setting.kind === 'boolean') return [setting.name, value === undefined || value === null ? Boolean(setting.defaultOn) : value === true || value === 'true'];
      return [setting.name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/**
 * The server to `PUT`: the one read, with the form's values (typed as the form checked them)
 * written over it. Everything else it holds (other attributes, fields of a newer Traccar) goes back
 * untouched; an emptied attribute goes, an emptied Traccar field is null.
 */
export function applySettingValues(server: Server, values: FormValues): Server {
  const next: Record<string, unknown> = { ...server };
  const attributes: Record<string, unknown> = { ...server.attributes };
  for (const setting of settingFields) {
    const value = typedValue(setting, values[setting.name]);
    if (setting.at === 'field') next[setting.key] = value ?? null;
    else if (value === undefined) delete attributes[setting.key];
    else attributes[setting.key] = value;
  }
  return { ...next, attributes } as Server;
}
