import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkReach } from '../api/access';
import type { EntityJson } from '../db/entity-store';
import type { ServerSettings } from '../db/server-settings-repository';
import { COMMAND, GROUP } from '../entities/entity-kinds';
import type { UserRecord } from '../entities/user';
import { parseBody } from '../http/body';
import { badRequest } from '../http/errors';
import { queryBoolean, queryInteger, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';
import { ALL_COMMAND_TYPES } from './command-types';
import type { DeviceCommand } from './command-transport';

/** A Command as clients post it: a saved one by `id`, or an ad-hoc one. Unknown keys are ignored. */
const commandBody = z.object({
  id: z.number().int().optional(),
  deviceId: z.number().int().optional(),
  description: z.string().nullable().optional(),
  type: z.string().optional(),
  textChannel: z.boolean().optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});

interface CommandJson extends DeviceCommand {
  id: number;
  description: string | null;
}

// Groups nest; a deeper chain than this is a cycle, not a hierarchy.
const MAX_GROUP_DEPTH = 32;

/**
 * Traccar's CommandResource: POST /api/commands/send (200 sent, 202 queued), GET
 * /api/commands/send?deviceId= (the saved commands usable for a device) and GET
 * /api/commands/types. Saved commands themselves are CRUD through ../api/entity-routes.ts.
 */
export function registerCommandRoutes(app: FastifyInstance, context: TrackerContext): void {
  const { auth, commands, entities, serverSettings } = context;

  app.post('/api/commands/send', async (request, reply) => {
    const user = await auth.requireUser(request);
    const settings = await serverSettings.get();
    checkRestriction(user, settings, 'readonly');
    const body = parseBody(commandBody, request.body);
    let command: CommandJson;
    if (body.id !== undefined && body.id > 0) {
      await checkReach(entities, user, 'command', body.id);
      const saved = await entities.findById(COMMAND, body.id);
      if (!saved) throw badRequest('Command access denied');
      command = { ...savedCommand(saved), deviceId: body.deviceId || Number(saved.deviceId) };
    } else {
      checkRestriction(user, settings, 'limitCommands');
      if (!body.type) throw badRequest('Command type is required');
      command = { id: 0, deviceId: body.deviceId ?? 0, description: body.description ?? null, type: body.type, textChannel: body.textChannel ?? false, attributes: body.attributes ?? {} };
    }

    const groupId = queryInteger(request.query as Query, 'groupId', badRequest);
    if (groupId > 0) {
      await checkReach(entities, user, 'group', groupId);
      const members = (await context.devices.findVisible(user.id)).filter((device) => device.groupId === groupId);
      const queued = members.flatMap((device) => commands.send({ ...deviceCommand(command), deviceId: device.id }) ?? []);
      return queued.length > 0 ? reply.code(202).send(queued) : command;
    }
    await checkDevice(context, user, command.deviceId);
    const queued = commands.send(deviceCommand(command));
    return queued ? reply.code(202).send(queued) : command;
  });

  app.get('/api/commands/send', async (request) => {
    const user = await auth.requireUser(request);
    const query = request.query as Query;
    const deviceId = queryInteger(query, 'deviceId', badRequest);
    const device = await checkDevice(context, user, deviceId);
    const reachable = await entities.list(COMMAND, user.administrator ? {} : { reachableBy: user.id });
    const linked = await linkedCommandIds(context, deviceId, device.groupId);
    return reachable.filter((saved) => {
      const boundTo = Number(saved.deviceId);
      if (boundTo !== 0 && boundTo !== deviceId && !linked.has(saved.id)) return false;
      return commands.supportedTypes(deviceId, saved.textChannel === true).includes(String(saved.type));
    });
  });

  app.get('/api/commands/types', async (request) => {
    const user = await auth.requireUser(request);
    const query = request.query as Query;
    const deviceId = queryInteger(query, 'deviceId', badRequest);
    if (deviceId === 0) return ALL_COMMAND_TYPES.map((type) => ({ type }));
    await checkDevice(context, user, deviceId);
    return commands.supportedTypes(deviceId, queryBoolean(query, 'textChannel')).map((type) => ({ type }));
  });
}

/** Traccar's checkRestriction: the user's flag or the server's, never for administrators. */
function checkRestriction(user: UserRecord, settings: ServerSettings, restriction: 'readonly' | 'limitCommands'): void {
  if (!user.administrator && (user[restriction] || settings[restriction])) throw badRequest('Operation restricted');
}

/** The device, when the user reaches it (directly or through a group); a 400 otherwise. */
async function checkDevice({ devices }: TrackerContext, user: UserRecord, deviceId: number) {
  const device = user.administrator ? await devices.findById(deviceId) : (await devices.findVisible(user.id, { ids: [deviceId] }))[0];
  if (!device) throw badRequest('Device access denied');
  return device;
}

/** Saved commands linked to the device, or to its group or any group above it. */
async function linkedCommandIds({ entities }: TrackerContext, deviceId: number, groupId: number): Promise<Set<number>> {
  const linked = await entities.list(COMMAND, { linkedTo: { owner: 'device', id: deviceId } });
  const seen = new Set<number>();
  for (let current = groupId; current > 0 && !seen.has(current) && seen.size < MAX_GROUP_DEPTH; ) {
    seen.add(current);
    linked.push(...(await entities.list(COMMAND, { linkedTo: { owner: 'group', id: current } })));
    current = Number((await entities.findById(GROUP, current))?.groupId ?? 0);
  }
  return new Set(linked.map((saved) => saved.id));
}

function savedCommand(saved: EntityJson): CommandJson {
  return {
    id: saved.id,
    deviceId: Number(saved.deviceId),
    description: (saved.description as string | null) ?? null,
    type: String(saved.type),
    textChannel: saved.textChannel === true,
    attributes: saved.attributes ?? {},
  };
}

function deviceCommand({ deviceId, type, textChannel, attributes }: CommandJson): DeviceCommand {
  return { deviceId, type, textChannel, attributes };
}
