import { z } from 'zod';
import { supportedLanguages } from '../i18n/language';

/**
 * SPEC §3 browser-stored preferences, declared once so the shell and every remote read and write
 * the same localStorage keys with the same shapes. A value that does not match its shape (an old
 * format, a hand edit) reads as absent instead of breaking the screen that reads it.
 */

/** SPEC §9: the session marker is 20 random characters. */
export const SESSION_MARKER_LENGTH = 20;

/**
 * SPEC §2 map layer toggle, kept as mapPref: which of groups (markers clustered at low zoom),
 * geofences, names, plates, precision (accuracy circles) and status labels the map draws. Each
 * choice is optional, so a value saved before a layer existed still reads, with defaults for the rest.
 */
export const mapLayerNames = ['groups', 'geofences', 'names', 'plates', 'precision', 'status'] as const;
export type MapLayerName = (typeof mapLayerNames)[number];
/** mapPref also keeps the base map the user picked in the switcher (an id of the base-map table). */
export const mapLayersSchema = z.object({
  groups: z.boolean().optional(),
  geofences: z.boolean().optional(),
  names: z.boolean().optional(),
  plates: z.boolean().optional(),
  precision: z.boolean().optional(),
  status: z.boolean().optional(),
  baseMap: z.string().max(100).optional(),
}) satisfies z.ZodType<Partial<Record<MapLayerName, boolean>>>;
export type MapLayerChoices = z.infer<typeof mapLayersSchema>;

export const rememberedCredentialsSchema = z.object({ email: z.string().min(1), password: z.string().min(1) });
export type RememberedCredentials = z.infer<typeof rememberedCredentialsSchema>;

const preferenceSchemas = {
  /** Event sounds are off. */
  isMuted: z.boolean(),
  /** How the device list groups its entries (chosen in the fleet remote). */
  groupPref: z.string(),
  /** The map layers the user switched on or off (the map remote's layer toggle). */
  mapPref: mapLayersSchema,
  /** The device search text, kept across reloads. */
  query: z.string(),
  /** "Remember me" on the login screen: used to sign in again at start (SPEC §4). */
  rememberMe: rememberedCredentialsSchema,
  /** Identifies this browser's session; created once, kept until the storage is cleared. */
  sessionMarker: z.string().length(SESSION_MARKER_LENGTH),
  /**
   * "Log in as" (Traccar's POST /api/session/{id}): the account that did it, and a short-lived
   * token of its own to come back with. While set, remember-me never signs the other account in.
   */
  actingAs: z.object({ token: z.string().min(1), name: z.string() }),
  /** A language the user chose with the language switcher; it wins over detection (not in SPEC §3's list: the switcher needs it to survive a reload). */
  language: z.enum(supportedLanguages),
  /** The server announcement this browser's user closed: it stays closed until the text changes. */
  announcementDismissed: z.string(),
  /** Light, dark, or whatever the system prefers (the user menu's colour mode; absent: the system's). */
  colourMode: z.enum(['light', 'dark', 'system']),
} as const;

export type PreferenceName = keyof typeof preferenceSchemas;
export type Preferences = { [K in PreferenceName]: z.infer<(typeof preferenceSchemas)[K]> };

/** The localStorage key of each preference: the SPEC §3 names as they are. */
export const preferenceKeys: { readonly [K in PreferenceName]: string } = {
  isMuted: 'isMuted',
  groupPref: 'groupPref',
  mapPref: 'mapPref',
  query: 'query',
  rememberMe: 'rememberMe',
  sessionMarker: 'sessionMarker',
  language: 'language',
  actingAs: 'rastro.actingAs',
  announcementDismissed: 'rastro.announcementDismissed',
  colourMode: 'rastro.colourMode',
};

type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or nothing where the browser refuses it (private modes, disabled storage). */
function defaultStorage(): PreferenceStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readPreference<K extends PreferenceName>(name: K, storage: PreferenceStorage | null = defaultStorage()): Preferences[K] | undefined {
  const raw = storage?.getItem(preferenceKeys[name]);
  if (raw === null || raw === undefined) return undefined;
  try {
    const parsed = preferenceSchemas[name].safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as Preferences[K]) : undefined;
  } catch {
    return undefined;
  }
}

export function writePreference<K extends PreferenceName>(name: K, value: Preferences[K], storage: PreferenceStorage | null = defaultStorage()): void {
  try {
    storage?.setItem(preferenceKeys[name], JSON.stringify(preferenceSchemas[name].parse(value)));
  } catch {
    // A full or refused storage loses the preference, never the action that set it.
  }
}

export function clearPreference(name: PreferenceName, storage: PreferenceStorage | null = defaultStorage()): void {
  try {
    storage?.removeItem(preferenceKeys[name]);
  } catch {
    // As above: nothing to do when storage is refused.
  }
}

const MARKER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 20 characters from a cryptographic source: the marker must not be guessable from another browser. */
export function randomSessionMarker(fillRandom: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(SESSION_MARKER_LENGTH);
  fillRandom(bytes);
  return Array.from(bytes, (byte) => MARKER_ALPHABET[byte % MARKER_ALPHABET.length]).join('');
}

/** The stored session marker, created on first use. */
export function ensureSessionMarker(storage: PreferenceStorage | null = defaultStorage()): string {
  const existing = readPreference('sessionMarker', storage);
  if (existing) return existing;
  const marker = randomSessionMarker();
  writePreference('sessionMarker', marker, storage);
  return marker;
}
