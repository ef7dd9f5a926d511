import { registerCatalogs } from '@rastro/shared';
import type { Server, SupportedLanguage } from '@rastro/shared';
import { baseMapSources, mapKeySettings, type MapKeySetting } from '@rastro/shared/base-maps';
import { coordinateFormats, serverFeatures, serverSettingAttributes, serverSettingsSchema } from '@rastro/shared/contract';
import type { z } from 'zod';
import { serverSettingsEnUS } from './locales/en-US';
import { serverSettingsEs } from './locales/es';
import { serverSettingsPtBR } from './locales/pt-BR';

registerCatalogs({ 'pt-BR': serverSettingsPtBR, es: serverSettingsEs, 'en-US': serverSettingsEnUS }, (catalog) => ({ serverSettings: catalog }));

export type SettingKind = 'boolean' | 'text' | 'textarea' | 'integer' | 'decimal' | 'select';

export interface SettingOption {
  value: string;
  /** A catalog key, or `label` as it is (a product's own name). */
  labelKey?: string;
  label?: string;
}

/** One server setting: where it lives (a Traccar field or an attribute), how it is edited, what it is called. */
export interface SettingField {
  /** The form's name for it, and its label under `serverSettings.fields.`. */
  name: string;
  at: 'field' | 'attribute';
  key: string;
  kind: SettingKind;
  options?: readonly SettingOption[];
  /** A hint under `serverSettings.hints.`. */
  hint?: boolean;
  /** A name no language translates (a map provider's), instead of the catalog's label. */
  label?: string;
  /** A switch that is on until switched off (serverFeatureOn): shown on when the server never saved it. */
  defaultOn?: boolean;
}

export interface SettingSection {
  /** Its title under `serverSettings.sections.`. */
  id: string;
  fields: readonly SettingField[];
}

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

const field = (name: string, kind: SettingKind, extra: Partial<SettingField> = {}): SettingField => ({ name, at: 'field', key: name, kind, ...extra });
const attribute = (name: string, key: string, kind: SettingKind, extra: Partial<SettingField> = {}): SettingField => ({ name, at: 'attribute', key, kind, ...extra });

/** SPEC §3's server settings, section by section: the screen draws and saves exactly these. */
export const settingSections: readonly SettingSection[] = [
  {
    id: 'map',
    fields: [
      field('map', 'select', {
        options: [{ value: '', labelKey: 'serverSettings.options.defaultMap' }, ...baseMapSources.map((source) => ({ value: source.id, labelKey: `map.baseMaps.${source.labelKey}`, label: source.id }))],
      }),
      field('mapUrl', 'text', { hint: true }),
      field('latitude', 'decimal'),
      field('longitude', 'decimal'),
      field('zoom', 'integer'),
      attribute('selectZoom', serverSettingAttributes.selectZoom, 'integer'),
    ],
  },
  {
    id: 'display',
    fields: [
      field('twelveHourFormat', 'boolean'),
      field('coordinateFormat', 'select', {
        options: [{ value: '', labelKey: 'serverSettings.options.none' }, ...coordinateFormats.map((format) => ({ value: format, labelKey: `serverSettings.options.coordinates.${format}` }))],
      }),
      attribute('lang', serverSettingAttributes.lang, 'select', {
        // Each language by its own name, as a speaker of it looks for it.
        options: [{ value: '', labelKey: 'serverSettings.options.browserLanguage' }, ...Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }))],
      }),
      attribute('deviceAttributes', serverSettingAttributes.deviceAttributes, 'text', { hint: true }),
      attribute('logoWidth', serverSettingAttributes.logoWidth, 'integer'),
    ],
  },
  {
    id: 'access',
    fields: [
      field('registration', 'boolean'),
      field('readonly', 'boolean'),
      field('deviceReadonly', 'boolean'),
      field('limitCommands', 'boolean'),
      attribute('deviceLimit', serverSettingAttributes.deviceLimit, 'integer', { hint: true }),
      attribute('enableAdvancedPerms', serverSettingAttributes.enableAdvancedPerms, 'boolean'),
      attribute('enableBilling', serverSettingAttributes.enableBilling, 'boolean'),
    ],
  },
  {
    id: 'features',
    fields: [
      attribute('safeDelete', serverSettingAttributes.safeDelete, 'boolean'),
      ...serverFeatures.map((feature) => attribute(feature, serverSettingAttributes[feature], 'boolean', { defaultOn: true })),
    ],
  },
  { id: 'keys', fields: mapKeySettings.map((key) => attribute(key, key, 'text', { label: PROVIDER_NAMES[key] })) },
  { id: 'announcement', fields: [field('announcement', 'textarea')] },
];

const allFields = settingSections.flatMap((section) => section.fields);

/** What the form holds: text as typed, switches as booleans. */
export type SettingValues = Record<string, string | boolean>;

const stored = (server: Server, setting: SettingField): unknown => (setting.at === 'field' ? (server as Record<string, unknown>)[setting.key] : server.attributes[setting.key]);

/** The form's starting values, from the server as it is. */
export function settingValuesOf(server: Server): SettingValues {
  return Object.fromEntries(
    allFields.map((setting) => {
      const value = stored(server, setting);
      if (setting.kind === 'boolean') return [setting.name, value === undefined || value === null ? Boolean(setting.defaultOn) : value === true || value === 'true'];
      return [setting.name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** The value to store for what was typed: numbers as numbers (NaN when not one, for the check to name), empty text as nothing. */
function storedValue(setting: SettingField, value: string | boolean): unknown {
  if (setting.kind === 'boolean') return value === true;
  const text = String(value).trim();
  if (text === '') return undefined;
  if (setting.kind === 'integer' || setting.kind === 'decimal') return Number(text.replace(',', '.'));
  return setting.kind === 'textarea' ? String(value) : text;
}

/**
 * The server to `PUT`: the one read, with the form's values written over it. Everything else it
 * holds (other attributes, fields of a newer Traccar) goes back untouched.
 */
export function applySettingValues(server: Server, values: SettingValues): Server {
  const next: Record<string, unknown> = { ...server };
  const attributes: Record<string, unknown> = { ...server.attributes };
  for (const setting of allFields) {
    const value = storedValue(setting, values[setting.name] ?? '');
    if (setting.at === 'attribute') {
      if (value === undefined) delete attributes[setting.key];
      else attributes[setting.key] = value;
    } else if (value !== undefined) {
      next[setting.key] = value;
    } else if (setting.kind !== 'integer' && setting.kind !== 'decimal') {
      // Traccar's text fields are null when unset; an emptied number keeps its value (the check names it).
      next[setting.key] = null;
    } else {
      next[setting.key] = Number.NaN;
    }
  }
  return { ...next, attributes } as Server;
}

/** A translated message for one failed check: its catalog key and values. */
export interface SettingError {
  key: string;
  values?: Record<string, unknown>;
}

function errorOf(setting: SettingField, issue: z.core.$ZodIssue): SettingError {
  if (issue.code === 'too_small') return { key: 'serverSettings.invalid.min', values: { minimum: issue.minimum } };
  if (issue.code === 'too_big') {
    return setting.kind === 'integer' || setting.kind === 'decimal' ? { key: 'serverSettings.invalid.max', values: { maximum: issue.maximum } } : { key: 'serverSettings.invalid.tooLong', values: { maximum: issue.maximum } };
  }
  if (issue.message === 'url' || issue.message === 'list') return { key: `serverSettings.invalid.${issue.message}` };
  if (setting.kind === 'integer') return { key: 'serverSettings.invalid.wholeNumber' };
  if (setting.kind === 'decimal') return { key: 'serverSettings.invalid.number' };
  return { key: 'serverSettings.invalid.choice' };
}

/** Checks the server to save with the gateway's own schema: the first failure of each field, by the field's name. */
export function checkSettings(server: Server): Record<string, SettingError> {
  const parsed = serverSettingsSchema.safeParse(server);
  if (parsed.success) return {};
  const errors: Record<string, SettingError> = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path.map(String);
    const setting = allFields.find((candidate) => (candidate.at === 'attribute' ? first === 'attributes' && candidate.key === second : candidate.key === first));
    if (setting && !errors[setting.name]) errors[setting.name] = errorOf(setting, issue);
  }
  return errors;
}

/** The fields a refusal of the gateway names (`fields: ['zoom', 'attributes.rastro.lang']`), by the form's names. */
export function fieldsNamed(paths: readonly string[]): string[] {
  return allFields.filter((setting) => paths.includes(setting.at === 'attribute' ? `attributes.${setting.key}` : setting.key)).map((setting) => setting.name);
}
