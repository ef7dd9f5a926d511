import { z } from 'zod';

/** The five remotes the shell knows how to place. A tenant may switch any of them off. */
export const remoteNames = ['mf_map', 'mf_fleet', 'mf_reports', 'mf_billing', 'mf_admin'] as const;
export const remoteNameSchema = z.enum(remoteNames);
export type RemoteName = z.infer<typeof remoteNameSchema>;

/** `GET /rastro/remotes`: where this domain's remotes live. */
export const remoteEntrySchema = z.object({
  name: remoteNameSchema,
  /** URL of the remote's `mf-manifest.json`, absolute or relative to the page. */
  entry: z.string().min(1),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remotesManifestSchema = z.object({ remotes: z.array(remoteEntrySchema) });
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

/** How a tenant changes one remote: switched off, or pointed at another build. */
export const remoteSwitchSchema = z.object({
  enabled: z.boolean(),
  /** Points the remote at another build (absolute URL or a path on this gateway). */
  entry: z.string().min(1).optional(),
});
export type RemoteSwitch = z.infer<typeof remoteSwitchSchema>;

/** A tenant lists only the remotes it changes; the rest keep their defaults. */
export const remoteSwitchesSchema = z.partialRecord(remoteNameSchema, remoteSwitchSchema);
export type RemoteSwitches = z.infer<typeof remoteSwitchesSchema>;

/** Web push: what the browser needs to subscribe (the server keeps the private half). */
export const pushSettingsSchema = z.object({
  vapidPublicKey: z.string().min(1).optional(),
  /** Firebase web config (apiKey, projectId, messagingSenderId, appId…) for the mobile channel. */
  firebase: z.record(z.string(), z.string()).optional(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** `GET /rastro/assets/custom/config.json`: static, per-domain front-end settings (SPEC §3 static configuration). */
export const appConfigSchema = z.object({
  title: z.string().default('Rastro'),
  /** A Mapbox access token switches the map engine to mapbox-gl; without one, maplibre-gl. */
  mapboxToken: z.string().nullable().default(null),
  /** A style URL for the base map (offered in the base-map switcher, and shown until the user or the server picks another). */
  mapStyleUrl: z.string().nullable().default(null),
  /**
   * The base map (an id of shared/src/contract/base-maps.ts) shown when neither the user nor the
   * server's `map` setting picks one; null means OpenStreetMap. `offline` for a site with no network.
   */
  defaultBaseMap: z.string().nullable().optional(),
  /**
   * The street view provider, as a URL template with {lat} and {lon} placeholders (decimal degrees);
   * absent or null means none is configured and the street view panel says so.
   */
  streetViewUrl: z.string().nullable().optional(),
  /** The top bar's logo; without one the top bar shows the theme's application name. */
  headLogo: z.string().nullable().optional(),
  /** The floating messaging-app link (e.g. a chat deep link); absent means no link. */
  messagingLink: z.string().nullable().optional(),
  pushSettings: pushSettingsSchema.optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

// Not `appConfigSchema.partial()`: that keeps the contract's defaults, so a tenant that says
// nothing about the token would still override the installation's MAPBOX_TOKEN with null.
/** What one tenant overrides of the config; everything else comes from the default tenant and the environment. */
export const appConfigOverridesSchema = z
  .object({
    title: z.string().max(120).optional(),
    mapboxToken: z.string().nullable().optional(),
    mapStyleUrl: z.string().nullable().optional(),
    defaultBaseMap: z.string().max(100).nullable().optional(),
    streetViewUrl: z.string().max(2000).nullable().optional(),
    headLogo: z.string().max(2000).nullable().optional(),
    messagingLink: z.string().max(2000).nullable().optional(),
    pushSettings: pushSettingsSchema.optional(),
  })
  .strict() satisfies z.ZodType<Partial<AppConfig>>;
export type AppConfigOverrides = z.infer<typeof appConfigOverridesSchema>;

/** The images a theme may carry, each uploaded to `POST /rastro/theme/images/{slot}`. */
export const themeImageSlots = ['loginLogo', 'headLogo', 'favicon', 'loginBackground'] as const;
export const themeImageSlotSchema = z.enum(themeImageSlots);
export type ThemeImageSlot = z.infer<typeof themeImageSlotSchema>;

/** Largest image a theme accepts (bytes). */
export const THEME_IMAGE_MAX_BYTES = 1024 * 1024;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #rrggbb');

/** The colours a theme sets for each colour mode. */
export const themeColourNames = ['primary', 'secondary', 'background', 'surface', 'text'] as const;
export type ThemeColourName = (typeof themeColourNames)[number];

/** The colours a theme sets for one colour mode. */
export const themeColourSetSchema = z.object({
  primary: hexColour,
  secondary: hexColour,
  background: hexColour,
  surface: hexColour,
  text: hexColour,
}) satisfies z.ZodType<Record<ThemeColourName, string>>;
export type ThemeColourSet = z.infer<typeof themeColourSetSchema>;

/**
 * The light colours, and the dark mode's as `dark`. Optional: a theme stored before dark mode
 * existed stays valid, and a domain without dark colours inherits the default tenant's.
 */
export const themeColorsSchema = themeColourSetSchema.extend({ dark: themeColourSetSchema.optional() });
export type ThemeColors = z.infer<typeof themeColorsSchema>;

/** A domain's own colours: any light colour, and any dark one under `dark`. */
export const themeColourOverridesSchema = themeColourSetSchema
  .partial()
  .extend({ dark: themeColourSetSchema.partial().strict().optional() })
  .strict();

export const themeLoginSchema = z.object({
  /** Shown above the login form; null shows the application name. */
  title: z.string().max(120).nullable(),
  showRegisterLink: z.boolean(),
  showSharedLinkAccess: z.boolean(),
});

/** What a theme editor sets (SPEC §2 theme editor: general, login screen, logos, colours). */
export const themeSettingsSchema = z.object({
  appName: z.string().trim().min(1).max(60),
  colors: themeColorsSchema,
  /** Logo width in percent of its box (SPEC §9: default 80). */
  logoWidth: z.number().int().min(10).max(100),
  login: themeLoginSchema,
});
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

/**
 * `PUT /rastro/theme`: this domain's own theme values. Whatever it leaves out is inherited from
 * the default tenant; a PUT replaces the domain's previous values as a whole.
 */
export const themeOverridesSchema = z
  .object({
    appName: themeSettingsSchema.shape.appName,
    colors: themeColourOverridesSchema,
    logoWidth: themeSettingsSchema.shape.logoWidth,
    login: themeLoginSchema.partial().strict(),
  })
  .partial()
  .strict();
export type ThemeOverrides = z.infer<typeof themeOverridesSchema>;

/**
 * One theme layer over another: later values win field by field, the colours (light and dark) and
 * the login settings one level deeper, so a domain can change one colour and keep the rest.
 */
export function mergeThemeOverrides(below: ThemeOverrides, above: ThemeOverrides): ThemeOverrides {
  const dark = below.colors?.dark || above.colors?.dark ? { dark: { ...below.colors?.dark, ...above.colors?.dark } } : {};
  return {
    ...below,
    ...above,
    colors: { ...below.colors, ...above.colors, ...dark },
    login: { ...below.login, ...above.login },
  };
}

/** `GET /rastro/theme`: the domain's theme, images as versioned gateway URLs (null: none uploaded). */
export const themeSchema = themeSettingsSchema.extend({
  images: z.record(themeImageSlotSchema, z.string().nullable()),
});
export type Theme = z.infer<typeof themeSchema>;

/**
 * `GET /rastro/theme/edit`: what a theme editor starts from for one domain — its own values, the
 * version a save replaced (null: nothing to undo) and the theme the domain shows.
 */
export const themeEditSchema = z.object({
  /** The tenant key: a domain, or `*` for the default tenant. */
  domain: z.string(),
  own: themeOverridesSchema,
  previous: themeOverridesSchema.nullable(),
  effective: themeSchema,
});
export type ThemeEdit = z.infer<typeof themeEditSchema>;

/** A reseller's domain, lower-case (`track.reseller.example`). */
export const tenantDomainSchema = z
  .string()
  .max(253)
  .transform((domain) => domain.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/, 'A domain name such as track.example.com'));

const limit = z.number().int().min(-1);

/** `PUT /rastro/resellers/{domain}`: a reseller's domain and what it gets (SPEC §3 reseller fields). */
export const resellerUpdateSchema = z
  .object({
    /** The reseller's tracking-server user; null for a domain an administrator keeps. */
    ownerUserId: z.number().int().positive().nullable().default(null),
    remotes: remoteSwitchesSchema.default({}),
    config: appConfigOverridesSchema.default({}),
    theme: themeOverridesSchema.default({}),
    /** Devices the reseller's whole tree may hold; -1 unlimited. */
    deviceLimit: limit.default(-1),
    /** Users the reseller may create; -1 unlimited. */
    userLimit: limit.default(-1),
  })
  .strict();
export type ResellerUpdate = z.input<typeof resellerUpdateSchema>;

/** `GET /rastro/resellers/{domain}`. */
export const resellerSchema = resellerUpdateSchema.extend({
  domain: z.string(),
  /** The reseller that created this one as its sub-reseller; null when an administrator did. */
  parentUserId: z.number().nullable(),
});
export type Reseller = z.infer<typeof resellerSchema>;

export const resellerListSchema = z.object({ resellers: z.array(resellerSchema) });

/** `GET /rastro/resellers/{domain}/usage`: what the reseller's whole tree holds against its limits. */
export const resellerUsageSchema = z.object({ devices: z.number().int().min(0), users: z.number().int().min(0) });
export type ResellerUsage = z.infer<typeof resellerUsageSchema>;

/** Product API errors: a machine-readable code (SPEC §8) and, for bad input, the offending fields. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  fields: z.array(z.string()).optional(),
  /** PAYMENT_PROVIDER_REFUSED: the payment provider's (Asaas's) own errors, each a code and its description. */
  providerErrors: z.array(z.object({ code: z.string(), description: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
