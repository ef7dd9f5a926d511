import { z } from 'zod';
import { supportedLanguages } from '../i18n/language';
import { rastroAttributeKeys } from './attribute-keys';
import { mapKeySettings } from './base-maps';
import type { SocketMessage } from './traccar';

/**
 * The server settings SPEC §3 lists, as `PUT /api/server` carries them: Traccar's own fields and
 * the attributes Rastro reads. One schema for the settings screen's form and the gateway's check
 * of the write (400 INVALID_INPUT naming the fields), so both refuse the same values. Lenient on
 * everything else (`.loose()`): a newer Traccar's fields and other attributes pass untouched.
 */

/** Attribute keys of the server settings that Rastro's screens read (besides attribute-keys.ts). */
export const serverSettingAttributes = {
  lang: 'rastro.lang',
  deviceAttributes: 'rastro.deviceAttributes',
  deviceLimit: rastroAttributeKeys.deviceLimit,
  enableAdvancedPerms: rastroAttributeKeys.enableAdvancedPerms,
  enableBilling: rastroAttributeKeys.enableBilling,
  logoWidth: 'rastro.logoWidth',
  safeDelete: rastroAttributeKeys.safeDelete,
  /** Drivers may check in and out of vehicles by QR code (SPEC §1, /qr-driver). */
  qrCheckIn: 'rastro.qrCheckIn',
  /** The device detail offers lock and unlock (engineStop / engineResume) buttons. */
  lockButtons: 'rastro.lockButtons',
  /** The route shows its stops and events. */
  showStops: 'rastro.showStops',
  showEvents: 'rastro.showEvents',
  selectZoom: 'web.selectZoom',
} as const;

/**
 * The server's feature switches (SPEC §3: QR check-in, lock/unlock buttons, show stops and events).
 * Each is on unless an administrator switched it off: a server that never saved them keeps every
 * feature it had before the switches existed.
 */
export const serverFeatures = ['qrCheckIn', 'lockButtons', 'showStops', 'showEvents'] as const;
export type ServerFeature = (typeof serverFeatures)[number];

/** Whether a feature switch is on for these server attributes (absent: on). */
export function serverFeatureOn(attributes: Record<string, unknown> | null | undefined, feature: ServerFeature): boolean {
  const value = attributes?.[serverSettingAttributes[feature]];
  return value !== false && value !== 'false';
}

export const coordinateFormats = ['dd', 'ddm', 'dms'] as const;
export const MAX_ZOOM = 24;
export const ANNOUNCEMENT_MAX_LENGTH = 1000;

/** Traccar keeps what a client sent: an on/off attribute may be a boolean or its text. */
const flag = z.union([z.boolean(), z.enum(['true', 'false'])]);
/** A whole number, or its decimal text (an attribute set by hand in Traccar's own screens). */
const wholeNumber = (min: number, max: number) =>
  z.union([z.number(), z.string().regex(/^-?\d+$/).transform(Number)]).pipe(z.number().int().min(min).max(max));
const optionalText = (max: number) => z.string().max(max).nullable().optional();

/** A tile URL template: http(s) with Traccar's `{z}`, `{x}`, `{y}` placeholders (or empty: none). */
const tileUrl = z.union([
  z.literal(''),
  z
    .string()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/, { error: 'url' }),
]);

const pinnedAttributes = z
  .string()
  .max(500)
  .regex(/^\s*([\w.-]+\s*(,\s*[\w.-]+\s*)*)?$/, { error: 'list' });

export const serverSettingsAttributesSchema = z
  .object({
    [serverSettingAttributes.lang]: z.union([z.literal(''), z.enum(supportedLanguages)]).optional(),
    [serverSettingAttributes.deviceAttributes]: pinnedAttributes.optional(),
    // -1 and 0 both mean no server-wide limit (SPEC §5: applied when above 0).
    [serverSettingAttributes.deviceLimit]: wholeNumber(-1, 1_000_000).optional(),
    [serverSettingAttributes.enableAdvancedPerms]: flag.optional(),
    [serverSettingAttributes.enableBilling]: flag.optional(),
    [serverSettingAttributes.safeDelete]: flag.optional(),
    [serverSettingAttributes.qrCheckIn]: flag.optional(),
    [serverSettingAttributes.lockButtons]: flag.optional(),
    [serverSettingAttributes.showStops]: flag.optional(),
    [serverSettingAttributes.showEvents]: flag.optional(),
    // The logo's width in percent of the space it has (the theme's default is 80).
    [serverSettingAttributes.logoWidth]: wholeNumber(10, 100).optional(),
    [serverSettingAttributes.selectZoom]: wholeNumber(0, MAX_ZOOM).optional(),
    ...Object.fromEntries(mapKeySettings.map((key) => [key, z.string().max(500).optional()])),
  })
  .loose();

export const serverSettingsSchema = z
  .object({
    registration: z.boolean().optional(),
    readonly: z.boolean().optional(),
    deviceReadonly: z.boolean().optional(),
    limitCommands: z.boolean().optional(),
    twelveHourFormat: z.boolean().optional(),
    forceSettings: z.boolean().optional(),
    map: z.string().max(64).nullable().optional(),
    mapUrl: tileUrl.nullable().optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    zoom: z.number().int().min(0).max(MAX_ZOOM).optional(),
    coordinateFormat: z.union([z.literal(''), z.enum(coordinateFormats)]).nullable().optional(),
    announcement: optionalText(ANNOUNCEMENT_MAX_LENGTH),
    attributes: serverSettingsAttributesSchema.optional(),
  })
  .loose();
export type ServerSettingsInput = z.input<typeof serverSettingsSchema>;

/** What the gateway tells every open browser once the server settings were saved (see socketMessageSchema). */
export const serverChangedMessage: SocketMessage = { serverChanged: true };
