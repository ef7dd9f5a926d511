import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DeviceChanges } from '../db/devices-repository';
import { parseIsoDate } from '../entities/dates';
import { deviceToJson } from '../entities/device';
import type { UserRecord } from '../entities/user';
import { parseBody, pathId } from '../http/body';
import { badRequest, notFound } from '../http/errors';
import type { TrackerContext } from '../tracker-context';
import { accessDenied, checkEdit, checkReach } from './access';

const optionalText = z.string().nullable().optional();
const deviceSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1, 'must not be empty'),
  uniqueId: z.string().trim().min(1, 'must not be empty'),
  groupId: z.number().int().nullable().optional(),
  phone: optionalText,
  model: optionalText,
  contact: optionalText,
  category: optionalText,
  disabled: z.boolean().nullable().optional(),
  expirationTime: z
    .string()
    .nullable()
    .optional()
    .refine((value) => !value || parseIsoDate(value) !== null, 'must be an ISO date with a zone'),
  calendarId: z.number().int().nullable().optional(),
  attributes: z.record(z.string(), z.unknown()).nullable().optional(),
});

const accumulatorsSchema = z.object({
  deviceId: z.number().int(),
  totalDistance: z.number().min(0).nullable().optional(),
  hours: z.number().min(0).nullable().optional(),
});

/**
 * POST/PUT/DELETE /api/devices and the accumulators, as Traccar: read-only and device-read-only
 * accounts are refused, a user's `deviceLimit` caps creation (-1 unlimited), what one creates is
 * linked to it, and a uniqueId is unique across the server.
 */
export function registerDeviceWriteRoutes(app: FastifyInstance, context: TrackerContext): void {
  const { auth, devices, entities, links, live, ingest, sockets, accumulatorsReset, serverSettings } = context;
  const refreshSockets = () => sockets.refreshVisibility((userId) => devices.visibleIds(userId));

  async function changesFrom(user: UserRecord, body: unknown): Promise<DeviceChanges> {
    const device = parseBody(deviceSchema, body);
    const groupId = device.groupId || null;
    const calendarId = device.calendarId || null;
    if (groupId) await checkReach(entities, user, 'group', groupId);
    if (calendarId) await checkReach(entities, user, 'calendar', calendarId);
    return {
      name: device.name,
      uniqueId: device.uniqueId,
      groupId,
      phone: device.phone ?? null,
      model: device.model ?? null,
      contact: device.contact ?? null,
      category: device.category ?? null,
      disabled: device.disabled ?? false,
      expirationTime: device.expirationTime ? parseIsoDate(device.expirationTime) : null,
      calendarId,
      attributes: device.attributes ?? {},
    };
  }

  async function checkDeviceAccess(user: UserRecord, deviceId: number): Promise<void> {
    if (user.administrator) return;
    if (!(await devices.visibleIds(user.id)).has(deviceId)) throw accessDenied('device');
  }

  async function refuseDuplicate(uniqueId: string, exceptId = 0): Promise<void> {
    const existing = await devices.findByUniqueId(uniqueId);
    if (existing && existing.id !== exceptId) throw badRequest(`Duplicate device identifier: ${uniqueId}`);
  }

  app.get('/api/devices/:id', async (request) => {
    const user = await auth.requireUser(request);
    const id = pathId(request.params);
    const device = await devices.findById(id);
    if (!device) throw notFound();
    await checkDeviceAccess(user, id);
    return deviceToJson(device, live.state(id));
  });

  app.post('/api/devices', async (request) => {
    const user = await auth.requireUser(request);
    checkEdit(user, 'device', await serverSettings.get());
    const changes = await changesFrom(user, request.body);
    if (!user.administrator && user.deviceLimit !== -1 && (await devices.countVisible(user.id)) >= user.deviceLimit) {
      throw badRequest('Device limit reached');
    }
    await refuseDuplicate(changes.uniqueId);
    const created = await devices.create(changes);
    await links.link('user', user.id, 'device', created.id);
    await refreshSockets();
    return deviceToJson(created, live.state(created.id));
  });

  app.put('/api/devices/:id', async (request) => {
    const user = await auth.requireUser(request);
    checkEdit(user, 'device', await serverSettings.get());
    const id = pathId(request.params);
    await checkDeviceAccess(user, id);
    const changes = await changesFrom(user, request.body);
    await refuseDuplicate(changes.uniqueId, id);
    const updated = await devices.update(id, changes);
    if (!updated) throw notFound();
    return deviceToJson(updated, live.state(id));
  });

  app.delete('/api/devices/:id', async (request, reply) => {
    const user = await auth.requireUser(request);
    checkEdit(user, 'device', await serverSettings.get());
    const id = pathId(request.params);
    await checkDeviceAccess(user, id);
    if (!(await devices.delete(id))) throw notFound();
    live.remove(id);
    await refreshSockets();
    return reply.code(204).send();
  });

  // Traccar stores a copy of the latest position with the new odometer / engine hours.
  app.put('/api/devices/:id/accumulators', async (request, reply) => {
    const user = await auth.requireUser(request);
    checkEdit(user, 'device', await serverSettings.get());
    const id = pathId(request.params);
    const accumulators = parseBody(accumulatorsSchema, request.body);
    if (accumulators.deviceId !== id) throw badRequest('Invalid deviceId: must match the path');
    await checkDeviceAccess(user, id);
    const latest = live.latestPosition(id);
    if (!latest) throw badRequest('Device has no position to update');
    const attributes = { ...latest.attributes };
    if (accumulators.totalDistance != null) attributes.totalDistance = accumulators.totalDistance;
    if (accumulators.hours != null) attributes.hours = accumulators.hours;
    const { id: _previousId, address: _address, ...fix } = latest;
    accumulatorsReset(id, accumulators);
    await ingest.ingest([{ ...fix, serverTime: new Date(), attributes }]);
    return reply.code(204).send();
  });
}
