import type { FastifyInstance } from 'fastify';
import { serverJson, serverSettingsSchema } from '../db/server-settings-repository';
import { parseBody } from '../http/body';
import type { TrackerContext } from '../tracker-context';
import { checkAdmin } from './access';

/**
 * /api/server: GET needs no session (the login page reads it); PUT and reboot are for
 * administrators. A PUT may omit fields: what it leaves out keeps its value.
 */
export function registerServerRoutes(app: FastifyInstance, { auth, serverSettings }: TrackerContext): void {
  app.get('/api/server', async () => serverJson(await serverSettings.get()));

  app.put('/api/server', async (request) => {
    checkAdmin(await auth.requireUser(request));
    const changes = parseBody(serverSettingsSchema.partial(), request.body);
    const merged = { ...(await serverSettings.get()), ...stripUndefined(changes) };
    return serverJson(await serverSettings.save(merged));
  });

  // Traccar answers Java's ZoneId.getAvailableZoneIds(): IANA ids (and UTC), for any signed-in user.
  app.get('/api/server/timezones', async (request) => {
    await auth.requireUser(request);
    return TIME_ZONES;
  });

  // The embedded tracker has nothing to restart: the call is accepted (and checked) like Traccar's.
  for (const path of ['/api/server/reboot', '/api/server/restart']) {
    app.post(path, async (request, reply) => {
      checkAdmin(await auth.requireUser(request));
      request.log.info('server restart requested');
      return reply.code(200).send();
    });
  }
}

const TIME_ZONES: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
