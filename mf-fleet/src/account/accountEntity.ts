import { isLongEnoughPassword, LANGUAGE_ATTRIBUTE, ownTwelveHourClock, readPreference, supportedLanguages, TWELVE_HOUR_ATTRIBUTE, userSchema } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { z } from 'zod';
import type { EntityDefinition, EntityField, EntityPayload, FieldOption } from '../entity/entityDefinition';
import { mapViewPickerField } from '../entity/MapViewPicker';

/** Traccar's unit attributes and their values (its web app's choices). */
export const speedUnits = ['kmh', 'mph', 'kn'] as const;
export const distanceUnits = ['km', 'mi', 'nmi'] as const;
export const volumeUnits = ['ltr', 'usGal', 'impGal'] as const;
export const coordinateFormats = ['dd', 'ddm', 'dms'] as const;

const optionalNumber = z
  .string()
  .trim()
  .refine((value) => value === '' || Number.isFinite(Number(value.replace(',', '.'))), 'fleet.common.invalidNumber');

export const accountFormSchema = z
  .object({
    // SPEC §5: at least 3 characters; the message asks for name and surname.
    name: z.string().trim().min(3, 'fleet.account.nameShort'),
    phone: z.string().trim(),
    password: z.string(),
    passwordConfirmation: z.string(),
    language: z.string(),
    speedUnit: z.string(),
    distanceUnit: z.string(),
    volumeUnit: z.string(),
    timezone: z.string(),
    twelveHourFormat: z.boolean(),
    coordinateFormat: z.string(),
    latitude: optionalNumber,
    longitude: optionalNumber,
    zoom: optionalNumber,
    muted: z.boolean(),
  })
  .superRefine((values, context) => {
    if (values.password !== '' && !isLongEnoughPassword(values.password)) context.addIssue({ code: 'custom', path: ['password'], message: 'fleet.account.passwordShort' });
    if (values.password !== values.passwordConfirmation) context.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'fleet.account.passwordMismatch' });
  });
export type AccountValues = z.infer<typeof accountFormSchema>;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const number = (value: string) => (value.trim() === '' ? undefined : Number(value.replace(',', '.')));

/** The options of a unit select: "default" (the server's) first, then each value with its label key. */
function choices(values: readonly string[], prefix: string): FieldOption[] {
  return [{ value: '', labelKey: 'fleet.account.serverDefault' }, ...values.map((value) => ({ value, labelKey: `${prefix}.${value}` }))];
}

function timeZoneChoices(): FieldOption[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [{ value: '', labelKey: 'fleet.account.serverDefault' }, ...zones.map((zone) => ({ value: zone, label: zone }))];
}

const fields: readonly EntityField<AccountValues>[] = [
  { name: 'name', labelKey: 'fleet.account.name', kind: 'text' },
  { name: 'phone', labelKey: 'fleet.account.phone', kind: 'text' },
  { name: 'password', labelKey: 'fleet.account.newPassword', kind: 'password', sectionKey: 'fleet.account.passwordSection' },
  { name: 'passwordConfirmation', labelKey: 'fleet.account.passwordConfirmation', kind: 'password', sectionKey: 'fleet.account.passwordSection' },
  {
    name: 'language',
    labelKey: 'fleet.account.language',
    kind: 'select',
    sectionKey: 'fleet.account.preferences',
    options: [{ value: '', labelKey: 'fleet.account.serverDefault' }, ...supportedLanguages.map((language) => ({ value: language, labelKey: `fleet.account.languages.${language}` }))],
  },
  { name: 'speedUnit', labelKey: 'fleet.account.speedUnit', kind: 'select', sectionKey: 'fleet.account.preferences', options: choices(speedUnits, 'fleet.account.units') },
  { name: 'distanceUnit', labelKey: 'fleet.account.distanceUnit', kind: 'select', sectionKey: 'fleet.account.preferences', options: choices(distanceUnits, 'fleet.account.units') },
  { name: 'volumeUnit', labelKey: 'fleet.account.volumeUnit', kind: 'select', sectionKey: 'fleet.account.preferences', options: choices(volumeUnits, 'fleet.account.units') },
  { name: 'timezone', labelKey: 'fleet.account.timezone', kind: 'select', sectionKey: 'fleet.account.preferences', options: timeZoneChoices },
  { name: 'twelveHourFormat', labelKey: 'fleet.account.twelveHourFormat', kind: 'checkbox', sectionKey: 'fleet.account.preferences' },
  { name: 'coordinateFormat', labelKey: 'fleet.account.coordinateFormat', kind: 'select', sectionKey: 'fleet.account.preferences', options: choices(coordinateFormats, 'fleet.account.coordinates') },
  { name: 'muted', labelKey: 'fleet.account.muted', kind: 'checkbox', sectionKey: 'fleet.account.preferences' },
  { name: 'latitude', labelKey: 'fleet.account.latitude', kind: 'number', sectionKey: 'fleet.account.mapSection' },
  { name: 'longitude', labelKey: 'fleet.account.longitude', kind: 'number', sectionKey: 'fleet.account.mapSection' },
  { name: 'zoom', labelKey: 'fleet.account.zoom', kind: 'number', sectionKey: 'fleet.account.mapSection' },
  mapViewPickerField<AccountValues>('fleet.account.mapSection'),
];

/** Attributes this screen writes: set when chosen, removed when "server default". */
const ATTRIBUTE_FIELDS = { language: LANGUAGE_ATTRIBUTE, speedUnit: 'speedUnit', distanceUnit: 'distanceUnit', volumeUnit: 'volumeUnit', timezone: 'timezone' } as const;

export function accountFormValues(user: User | null): AccountValues {
  const attributes = user?.attributes ?? {};
  return {
    name: user?.name ?? '',
    phone: text(user?.phone),
    password: '',
    passwordConfirmation: '',
    language: text(attributes[LANGUAGE_ATTRIBUTE]),
    speedUnit: text(attributes.speedUnit),
    distanceUnit: text(attributes.distanceUnit),
    volumeUnit: text(attributes.volumeUnit),
    timezone: text(attributes.timezone),
    twelveHourFormat: ownTwelveHourClock(user) === true,
    coordinateFormat: text(user?.coordinateFormat),
    latitude: text(user?.latitude),
    longitude: text(user?.longitude),
    zoom: text(user?.zoom),
    muted: readPreference('isMuted') ?? false,
  };
}

/**
 * The user as saved: everything else of the account goes back as it was, so the privileged
 * fields (administrator, limits, restrictions, expiry) are never changed from here; the gateway
 * refuses it anyway. The password is sent only when a new one was typed.
 */
export function accountPayload(values: AccountValues, original: User | null): EntityPayload<User> {
  const base = original ?? { id: 0, name: '', email: '', attributes: {} };
  const attributes: Record<string, unknown> = { ...base.attributes };
  for (const [field, key] of Object.entries(ATTRIBUTE_FIELDS)) {
    const value = values[field as keyof typeof ATTRIBUTE_FIELDS].trim();
    if (value === '') delete attributes[key];
    else attributes[key] = value;
  }
  // Explicit once chosen here, so "off" holds even where the server's default is the 12-hour clock.
  if (values.twelveHourFormat !== (ownTwelveHourClock(original) === true)) attributes[TWELVE_HOUR_ATTRIBUTE] = values.twelveHourFormat;
  const payload: EntityPayload<User> & Record<string, unknown> = {
    ...base,
    name: values.name.trim(),
    phone: values.phone.trim() || null,
    coordinateFormat: values.coordinateFormat || null,
    latitude: number(values.latitude) ?? 0,
    longitude: number(values.longitude) ?? 0,
    zoom: Math.round(number(values.zoom) ?? 0),
    attributes,
  };
  if (values.password !== '') payload.password = values.password;
  return payload;
}

/** My account (`/account`) as an entity description, so it is drawn by the fleet's one form. */
export const accountEntity: EntityDefinition<User, AccountValues> = {
  key: 'account',
  apiPath: '/users',
  permissionArea: 'users',
  schema: userSchema,
  formSchema: accountFormSchema,
  title: (user) => user.name,
  columns: [],
  fields,
  toFormValues: accountFormValues,
  toPayload: accountPayload,
  saveErrorKey: 'fleet.account.saveError',
  deleteErrorKey: 'fleet.account.saveError',
};
