import type { FastifyInstance } from 'fastify';
import { SAO_PAULO_CENTRE } from '../simulator/area';

/** The Traccar version whose behaviour this server reproduces. */
export const TRACCAR_VERSION = '6.14.5';

/**
 * Server settings. Fixed here (no PUT): the map opens on São Paulo, where the demo fleet drives.
 * `map`/`mapUrl` stay null so the front end picks its own base map.
 */
export function serverJson() {
  return {
    id: 1,
    attributes: {},
    registration: false,
    readonly: false,
    deviceReadonly: false,
    map: null,
    mapUrl: null,
    latitude: SAO_PAULO_CENTRE.latitude,
    longitude: SAO_PAULO_CENTRE.longitude,
    zoom: 12,
    twelveHourFormat: false,
    forceSettings: false,
    coordinateFormat: null,
    limitCommands: false,
    disableReports: false,
    version: TRACCAR_VERSION,
  };
}

/** GET /api/server needs no session: the login page reads it. */
export function registerServerRoutes(app: FastifyInstance): void {
  app.get('/api/server', async () => serverJson());
}
