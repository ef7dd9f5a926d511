import { createElement } from 'react';
import { entityLists, i18n, isLongEnoughPassword, isValidTaxId, ownTwelveHourClock, rastroAttributeKeys, TWELVE_HOUR_ATTRIBUTE, userSchema } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { z } from 'zod';
import type { EntityDefinition, EntityField, FieldKind } from '../entity/entityDefinition';
import { mapViewPickerField } from '../entity/MapViewPicker';
import { PermissionGridField } from './PermissionGridField';
import { UserExtras } from './UserExtras';
import { initialOf, isSharedUser, mayEditUserSetting, userDeleteRefusal, userEditRefusal } from './userFields';

const keys = rastroAttributeKeys;
/** Attributes the form edits that the shared key list does not name (Traccar's own, or display preferences). */
export const LANGUAGE_ATTRIBUTE = 'rastro.lang';
export const PINNED_ATTRIBUTES = 'rastro.deviceAttributes';

const decimal = (value: string) => Number(value.trim().replace(',', '.'));
const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(decimal(value));
const optionalNumber = z.string().refine((value) => value.trim() === '' || isNumber(value), 'fleet.common.invalidNumber');
/** A limit: -1 (unlimited) or a whole number from 0. */
const limit = z.string().refine((value) => /^\s*(-1|\d+)\s*$/.test(value), 'fleet.users.invalidLimit');
const wholeDays = z.string().refine((value) => value.trim() === '' || /^\d+$/.test(value.trim()), 'fleet.users.invalidDays');

const userFormShape = z.object({
  isNew: z.boolean(),
  name: z.string().trim().min(3, 'fleet.users.shortName'),
  email: z.string().trim().min(4, 'fleet.users.shortEmail'),
  phone: z.string(),
  password: z.string(),
  passwordConfirm: z.string(),
  administrator: z.boolean(),
  disabled: z.boolean(),
  readonly: z.boolean(),
  deviceReadonly: z.boolean(),
  limitCommands: z.boolean(),
  deviceLimit: limit,
  userLimit: limit,
  expirationTime: z.string(),
  language: z.string(),
  twelveHourFormat: z.boolean(),
  coordinateFormat: z.string(),
  latitude: optionalNumber,
  longitude: optionalNumber,
  zoom: wholeDays,
  qrDriver: z.boolean(),
  qrDevice: z.boolean(),
  pinnedAttributes: z.string(),
  advancedPerms: z.string(),
  reseller: z.boolean(),
  canCreateSubResellers: z.boolean(),
  resellerDomain: z.string(),
  billingEnabled: z.boolean(),
  taxId: z.string(),
  trustUnlock: z.boolean(),
  trustDays: wholeDays,
  autoSuspend: z.boolean(),
  suspendAfterDays: wholeDays,
  billingDescription: z.string(),
  firstDueDate: z.string(),
  price: optionalNumber,
  fine: optionalNumber,
  fineMode: z.enum(['PERCENTAGE', 'FIXED']),
  interest: optionalNumber,
  discount: optionalNumber,
  discountMode: z.enum(['PERCENTAGE', 'FIXED']),
  discountDays: wholeDays,
});
export type UserFormValues = z.infer<typeof userFormShape>;

/** SPEC §5 user form: name 3+ (name and surname), login 4+, password 4+ when new or when typed, typed twice alike. */
export const userFormSchema = userFormShape.superRefine((values, context) => {
  if (values.isNew || values.password.length > 0) {
    if (!isLongEnoughPassword(values.password)) context.addIssue({ code: 'custom', path: ['password'], message: 'fleet.users.shortPassword' });
  }
  if (values.password !== values.passwordConfirm) context.addIssue({ code: 'custom', path: ['passwordConfirm'], message: 'fleet.users.passwordMismatch' });
  // Checked while billing is on: the payment provider registers the customer with it.
  if (values.billingEnabled && !isValidTaxId(values.taxId.trim())) context.addIssue({ code: 'custom', path: ['taxId'], message: 'fleet.users.invalidTaxId' });
});

/** Which privileged setting (the shared table's key) each form value writes. */
const PRIVILEGE_OF: Partial<Record<keyof UserFormValues, string>> = {
  administrator: 'administrator',
  disabled: 'disabled',
  readonly: 'readonly',
  deviceReadonly: 'deviceReadonly',
  limitCommands: 'limitCommands',
  deviceLimit: 'deviceLimit',
  userLimit: 'userLimit',
  qrDriver: keys.isQrDriverId,
  qrDevice: keys.isQrDeviceId,
  advancedPerms: keys.advancedPerms,
  reseller: keys.reseller,
  canCreateSubResellers: keys.canCreateSubResellers,
  resellerDomain: keys.resellerDomain,
};

const SECTIONS = { core: 'fleet.users.sections.core', map: 'fleet.users.sections.map', rastro: 'fleet.users.sections.rastro', permissions: 'fleet.users.sections.permissions', reseller: 'fleet.users.sections.reseller', billing: 'fleet.users.sections.billing' } as const;

function field(name: keyof UserFormValues, kind: FieldKind, section: keyof typeof SECTIONS, extra: Partial<EntityField<UserFormValues>> = {}): EntityField<UserFormValues> {
  const privilege = PRIVILEGE_OF[name] ?? (section === 'billing' ? 'rastro.billing.' : undefined);
  return {
    name,
    labelKey: `fleet.users.${name}`,
    kind,
    sectionKey: SECTIONS[section],
    ...(privilege ? { editable: ({ editor, entityId }) => mayEditUserSetting(privilege, editor ?? null, entityId) } : {}),
    ...extra,
  };
}

const modeOptions = [
  { value: 'PERCENTAGE', labelKey: 'fleet.users.modes.PERCENTAGE' },
  { value: 'FIXED', labelKey: 'fleet.users.modes.FIXED' },
] as const;
const billed = (values: UserFormValues) => values.billingEnabled;
const BILLING_VALUES = ['billingEnabled', 'taxId', 'trustUnlock', 'trustDays', 'autoSuspend', 'suspendAfterDays', 'billingDescription', 'firstDueDate', 'price', 'fine', 'fineMode', 'interest', 'discount', 'discountMode', 'discountDays'] as const satisfies ReadonlyArray<keyof UserFormValues>;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const present = (value: unknown) => value !== undefined && value !== null && value !== false && value !== 'false' && value !== '' && value !== 0;
const numberText = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value));
/** FIXED amounts are kept in cents, shown in the currency; percentages as they are. */
const amountText = (value: unknown, mode: unknown) => (value === undefined || value === null || value === '' ? '' : mode === 'FIXED' ? String(Number(value) / 100) : String(value));
const amountValue = (value: string, mode: string) => (mode === 'FIXED' ? Math.round(decimal(value) * 100) : decimal(value));

function userFormValues(user: User | null): UserFormValues {
  const attributes = user?.attributes ?? {};
  return {
    isNew: !user,
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: text(user?.phone),
    password: '',
    passwordConfirm: '',
    administrator: user?.administrator ?? false,
    disabled: user?.disabled ?? false,
    readonly: user?.readonly ?? false,
    deviceReadonly: user?.deviceReadonly ?? false,
    limitCommands: user?.limitCommands ?? false,
    // A new account starts with what Traccar's `new User()` holds (the shared table's initial values).
    deviceLimit: String(user?.deviceLimit ?? initialOf('deviceLimit') ?? 0),
    userLimit: String(user?.userLimit ?? initialOf('userLimit') ?? 0),
    expirationTime: user?.expirationTime ? user.expirationTime.slice(0, 10) : '',
    language: text(attributes[LANGUAGE_ATTRIBUTE]),
    twelveHourFormat: ownTwelveHourClock(user) === true,
    coordinateFormat: text(user?.coordinateFormat),
    latitude: user?.latitude ? String(user.latitude) : '',
    longitude: user?.longitude ? String(user.longitude) : '',
    zoom: user?.zoom ? String(user.zoom) : '',
    qrDriver: present(attributes[keys.isQrDriverId]),
    qrDevice: present(attributes[keys.isQrDeviceId]),
    pinnedAttributes: text(attributes[PINNED_ATTRIBUTES]),
    advancedPerms: text(attributes[keys.advancedPerms]),
    reseller: present(attributes[keys.reseller]),
    canCreateSubResellers: present(attributes[keys.canCreateSubResellers]),
    resellerDomain: text(attributes[keys.resellerDomain]),
    billingEnabled: present(attributes[keys.billingEnabled]),
    taxId: text(attributes[keys.billingTaxId]),
    trustUnlock: present(attributes[keys.billingTrustUnlock]),
    trustDays: numberText(attributes[keys.billingTrustDays]),
    autoSuspend: present(attributes[keys.billingAutoSuspend]),
    suspendAfterDays: numberText(attributes[keys.billingSuspendAfterDays]),
    billingDescription: text(attributes[keys.billingDescription]),
    firstDueDate: text(attributes[keys.billingFirstDueDate]),
    price: amountText(attributes[keys.billingPriceCents], 'FIXED'),
    fine: amountText(attributes[keys.billingFine], attributes[keys.billingFineMode]),
    fineMode: attributes[keys.billingFineMode] === 'FIXED' ? 'FIXED' : 'PERCENTAGE',
    interest: numberText(attributes[keys.billingInterest]),
    discount: amountText(attributes[keys.billingDiscount], attributes[keys.billingDiscountMode]),
    discountMode: attributes[keys.billingDiscountMode] === 'FIXED' ? 'FIXED' : 'PERCENTAGE',
    discountDays: numberText(attributes[keys.billingDiscountDays]),
  };
}

/** The description of `/users` (SPEC §3 user, §5 validation, §6 who may change what). */
export const userEntity: EntityDefinition<User, UserFormValues> = {
  key: 'users',
  apiPath: '/users',
  permissionArea: 'users',
  schema: userSchema,
  formSchema: userFormSchema,
  title: (user) => user.name,
  columns: [
    { id: 'name', labelKey: 'fleet.users.name', value: (user) => user.name },
    { id: 'email', labelKey: 'fleet.users.email', value: (user) => user.email },
    { id: 'role', labelKey: 'fleet.users.role', value: (user) => roleLabel(user), text: (user) => roleLabel(user) },
  ],
  fields: [
    field('name', 'text', 'core'),
    field('email', 'text', 'core'),
    field('phone', 'text', 'core'),
    field('password', 'password', 'core'),
    field('passwordConfirm', 'password', 'core'),
    field('administrator', 'checkbox', 'core'),
    field('disabled', 'checkbox', 'core'),
    field('readonly', 'checkbox', 'core'),
    field('deviceReadonly', 'checkbox', 'core'),
    field('limitCommands', 'checkbox', 'core'),
    field('deviceLimit', 'number', 'core'),
    field('userLimit', 'number', 'core'),
    field('expirationTime', 'date', 'core'),
    field('language', 'select', 'core', {
      options: [
        { value: '', labelKey: 'fleet.users.languageDefault' },
        { value: 'pt-BR', label: 'Português (Brasil)' },
        { value: 'es', label: 'Español' },
        { value: 'en-US', label: 'English (US)' },
      ],
    }),
    field('twelveHourFormat', 'checkbox', 'core'),
    field('coordinateFormat', 'select', 'core', {
      options: [
        { value: '', labelKey: 'fleet.users.languageDefault' },
        { value: 'dd', labelKey: 'fleet.users.coordinates.dd' },
        { value: 'ddm', labelKey: 'fleet.users.coordinates.ddm' },
        { value: 'dms', labelKey: 'fleet.users.coordinates.dms' },
      ],
    }),
    field('latitude', 'number', 'map'),
    field('longitude', 'number', 'map'),
    field('zoom', 'number', 'map'),
    mapViewPickerField<UserFormValues>(SECTIONS.map),
    field('qrDriver', 'checkbox', 'rastro'),
    field('qrDevice', 'checkbox', 'rastro'),
    field('pinnedAttributes', 'text', 'rastro'),
    field('advancedPerms', 'custom', 'permissions', {
      render: ({ disabled, editor, entityId }) => createElement(PermissionGridField, { disabled: disabled || !mayEditUserSetting(keys.advancedPerms, editor ?? null, entityId) }),
    }),
    field('reseller', 'checkbox', 'reseller'),
    field('canCreateSubResellers', 'checkbox', 'reseller'),
    field('resellerDomain', 'text', 'reseller'),
    field('billingEnabled', 'checkbox', 'billing'),
    field('taxId', 'text', 'billing', { visible: billed }),
    field('billingDescription', 'text', 'billing', { visible: billed }),
    field('firstDueDate', 'date', 'billing', { visible: billed }),
    field('price', 'number', 'billing', { visible: billed }),
    field('fine', 'number', 'billing', { visible: billed }),
    field('fineMode', 'select', 'billing', { visible: billed, options: modeOptions }),
    field('interest', 'number', 'billing', { visible: billed }),
    field('discount', 'number', 'billing', { visible: billed }),
    field('discountMode', 'select', 'billing', { visible: billed, options: modeOptions }),
    field('discountDays', 'number', 'billing', { visible: billed }),
    field('autoSuspend', 'checkbox', 'billing', { visible: billed }),
    field('suspendAfterDays', 'number', 'billing', { visible: (values) => values.billingEnabled && values.autoSuspend }),
    field('trustUnlock', 'checkbox', 'billing', { visible: billed }),
    field('trustDays', 'number', 'billing', { visible: (values) => values.billingEnabled && values.trustUnlock }),
  ],
  toFormValues: userFormValues,
  toPayload: (values, original) => {
    const attributes: Record<string, unknown> = { ...(original?.attributes ?? {}) };
    // Only what the form changed is written: a stored "true" or "1000" stays as it is, so an editor
    // who may not change a privileged attribute never sends it changed (the gateway compares them).
    const before = userFormValues(original);
    const changed = (...names: ReadonlyArray<keyof UserFormValues>) => names.some((name) => values[name] !== before[name]);
    const set = (key: string, value: unknown, ...from: ReadonlyArray<keyof UserFormValues>) => {
      if (from.length > 0 && !changed(...from)) return;
      if (value === undefined || value === '' || value === false) delete attributes[key];
      else attributes[key] = value;
    };
    set(LANGUAGE_ATTRIBUTE, values.language, 'language');
    // Explicit once changed, so "off" holds even where the server's default is the 12-hour clock.
    if (changed('twelveHourFormat')) attributes[TWELVE_HOUR_ATTRIBUTE] = values.twelveHourFormat;
    set(PINNED_ATTRIBUTES, values.pinnedAttributes.trim(), 'pinnedAttributes');
    // A flag that holds an id (the driver's, the device's) is left alone unless switched.
    set(keys.isQrDriverId, values.qrDriver, 'qrDriver');
    set(keys.isQrDeviceId, values.qrDevice, 'qrDevice');
    set(keys.advancedPerms, values.advancedPerms, 'advancedPerms');
    set(keys.reseller, values.reseller, 'reseller');
    set(keys.canCreateSubResellers, values.reseller && values.canCreateSubResellers, 'reseller', 'canCreateSubResellers');
    set(keys.resellerDomain, values.reseller ? values.resellerDomain.trim().toLowerCase() : '', 'reseller', 'resellerDomain');
    if (!changed(...BILLING_VALUES)) {
      // Billing left as it was.
    } else if (values.billingEnabled) {
      set(keys.billingEnabled, true);
      set(keys.billingTaxId, values.taxId.trim());
      set(keys.billingDescription, values.billingDescription.trim());
      set(keys.billingFirstDueDate, values.firstDueDate);
      set(keys.billingPriceCents, isNumber(values.price) ? Math.round(decimal(values.price) * 100) : undefined);
      set(keys.billingFine, isNumber(values.fine) ? amountValue(values.fine, values.fineMode) : undefined);
      set(keys.billingFineMode, values.fineMode);
      set(keys.billingInterest, isNumber(values.interest) ? decimal(values.interest) : undefined);
      set(keys.billingDiscount, isNumber(values.discount) ? amountValue(values.discount, values.discountMode) : undefined);
      set(keys.billingDiscountMode, values.discountMode);
      set(keys.billingDiscountDays, values.discountDays.trim() ? Number(values.discountDays) : undefined);
      set(keys.billingAutoSuspend, values.autoSuspend);
      set(keys.billingSuspendAfterDays, values.autoSuspend && values.suspendAfterDays.trim() ? Number(values.suspendAfterDays) : undefined);
      set(keys.billingTrustUnlock, values.trustUnlock);
      set(keys.billingTrustDays, values.trustUnlock && values.trustDays.trim() ? Number(values.trustDays) : undefined);
    } else {
      for (const key of Object.keys(attributes)) if (key.startsWith('rastro.billing.')) delete attributes[key];
    }
    return {
      ...(original ?? {}),
      id: original?.id ?? 0,
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim() || null,
      ...(values.password ? { password: values.password } : {}),
      administrator: values.administrator,
      disabled: values.disabled,
      readonly: values.readonly,
      deviceReadonly: values.deviceReadonly,
      limitCommands: values.limitCommands,
      // Always explicit: a user created without one holds Traccar's 0 (no device at all).
      deviceLimit: Number(values.deviceLimit),
      userLimit: Number(values.userLimit),
      expirationTime: values.expirationTime ? `${values.expirationTime}T23:59:59.000Z` : null,
      coordinateFormat: values.coordinateFormat || null,
      latitude: isNumber(values.latitude) ? decimal(values.latitude) : 0,
      longitude: isNumber(values.longitude) ? decimal(values.longitude) : 0,
      zoom: values.zoom.trim() ? Number(values.zoom) : 0,
      attributes,
    };
  },
  FormExtras: UserExtras,
  saveErrorKey: 'fleet.users.saveError',
  deleteErrorKey: 'fleet.users.deleteError',
  lockedReason: userEditRefusal,
  deleteRefusal: userDeleteRefusal,
  listed: (user) => !isSharedUser(user),
};

function roleLabel(user: User): string {
  return i18n.t(`fleet.users.roles.${user.administrator ? 'admin' : (user.userLimit ?? 0) !== 0 ? 'manager' : 'user'}`);
}

export const usersStore = entityLists.users;
