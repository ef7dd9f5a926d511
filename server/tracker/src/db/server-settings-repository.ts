import { z } from 'zod';
import { SAO_PAULO_CENTRE } from '../simulator/area';
import { toAttributes, type Database } from '@rastro/db';

/** The Traccar version whose behaviour this server reproduces. */
export const TRACCAR_VERSION = '6.14.5';

const optionalText = z.string().nullable();
/** Server settings an administrator may change with PUT /api/server (`id` and `version` are fixed). */
export const serverSettingsSchema = z.object({
  registration: z.boolean(),
  readonly: z.boolean(),
  deviceReadonly: z.boolean(),
  map: optionalText,
  bingKey: optionalText,
  mapUrl: optionalText,
  overlayUrl: optionalText,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  zoom: z.number().int().min(0).max(24),
  twelveHourFormat: z.boolean(),
  forceSettings: z.boolean(),
  coordinateFormat: optionalText,
  limitCommands: z.boolean(),
  disableReports: z.boolean(),
  fixedEmail: z.boolean(),
  poiLayer: optionalText,
  announcement: optionalText,
  attributes: z.record(z.string(), z.unknown()),
});
export type ServerSettings = z.infer<typeof serverSettingsSchema>;

/** A fresh server opens its map on São Paulo, where the demo fleet drives; `map` null lets the client pick. */
export const DEFAULT_SERVER_SETTINGS: ServerSettings = {
  registration: false,
  readonly: false,
  deviceReadonly: false,
  map: null,
  bingKey: null,
  mapUrl: null,
  overlayUrl: null,
  latitude: SAO_PAULO_CENTRE.latitude,
  longitude: SAO_PAULO_CENTRE.longitude,
  zoom: 12,
  twelveHourFormat: false,
  forceSettings: false,
  coordinateFormat: null,
  limitCommands: false,
  disableReports: false,
  fixedEmail: false,
  poiLayer: null,
  announcement: null,
  attributes: {},
};

/** The one row of server settings (GET /api/server reads it on every call, so it is cached). */
export class ServerSettingsRepository {
  private cached: ServerSettings | null = null;

  constructor(private readonly db: Database) {}

  async get(): Promise<ServerSettings> {
    if (this.cached) return this.cached;
    const rows = await this.db.query<{ settings: unknown }>('SELECT settings FROM server_settings WHERE id = 1');
    this.cached = { ...DEFAULT_SERVER_SETTINGS, ...(rows[0] ? toAttributes(rows[0].settings) : {}) } as ServerSettings;
    return this.cached;
  }

  async save(settings: ServerSettings): Promise<ServerSettings> {
    await this.db.query(
      'INSERT INTO server_settings (id, settings) VALUES (1, $1::jsonb) ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings',
      [JSON.stringify(settings)],
    );
    this.cached = settings;
    return settings;
  }
}

export function serverJson(settings: ServerSettings) {
  return { id: 1, ...settings, version: TRACCAR_VERSION };
}
