import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { UserChanges } from '../db/users-repository';
import { parseIsoDate } from '../entities/dates';
import { userToJson, type UserRecord } from '../entities/user';
import { parseBody, pathId } from '../http/body';
import { badRequest, notFound } from '../http/errors';
import { queryInteger, type Query } from '../http/query';
import { hashPassword } from '../session/password';
import type { TrackerContext } from '../tracker-context';
import { accessDenied } from './access';

const optionalText = z.string().nullable().optional();
const userSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1, 'must not be empty'),
  login: optionalText,
  email: z.string().trim().min(1, 'must not be empty'),
  phone: optionalText,
  password: optionalText,
  readonly: z.boolean().optional(),
  administrator: z.boolean().optional(),
  map: optionalText,
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  zoom: z.number().int().optional(),
  coordinateFormat: optionalText,
  disabled: z.boolean().optional(),
  expirationTime: z
    .string()
    .nullable()
    .optional()
    .refine((value) => !value || parseIsoDate(value) !== null, 'must be an ISO date with a zone'),
  deviceLimit: z.number().int().min(-1).optional(),
  userLimit: z.number().int().min(-1).optional(),
  deviceReadonly: z.boolean().optional(),
  limitCommands: z.boolean().optional(),
  disableReports: z.boolean().optional(),
  fixedEmail: z.boolean().optional(),
  attributes: z.record(z.string(), z.unknown()).nullable().optional(),
});
type UserBody = z.infer<typeof userSchema>;

/** Only administrators grant these: the rest of the world keeps what it has. */
const ADMIN_ONLY_FIELDS = ['administrator', 'deviceLimit', 'userLimit'] as const;
/** A user may not lift its own restrictions; its manager (or an admin) may. */
const MANAGER_ONLY_FIELDS = ['readonly', 'deviceReadonly', 'limitCommands', 'disabled', 'expirationTime', 'disableReports'] as const;

function changesFrom(body: UserBody): UserChanges {
  const { password: _password, id: _id, expirationTime, ...fields } = body;
  const changes: UserChanges = { ...fields };
  if (expirationTime !== undefined) changes.expirationTime = expirationTime ? parseIsoDate(expirationTime) : null;
  return changes;
}

function comparable(value: unknown): unknown {
  return value instanceof Date ? value.getTime() : (value ?? null);
}

/** Refuses a change of a field the caller may not touch; unchanged values pass, as clients resend everything. */
function checkUnchanged(before: UserRecord, changes: UserChanges, fields: readonly (keyof UserRecord & keyof UserChanges)[], message: string): void {
  for (const field of fields) {
    if (changes[field] !== undefined && comparable(changes[field]) !== comparable(before[field])) throw badRequest(message);
  }
}

/**
 * Traccar's checkUserUpdate for a new user made by a non-administrator (a visitor registering,
 * an ordinary user, a manager): granting administrator or a device/user limit needs an
 * administrator, and a restriction (readonly, disabled…) a manager; nor may the new account
 * outlive its creator's. Managers' admin-only fields are reset to the defaults instead of refused
 * (Traccar refuses them with "Administrator access required").
 */
function checkNewUserFields(caller: UserRecord | null, changes: UserChanges, manager: boolean): void {
  const grantsAdminFields = changes.administrator === true || (changes.deviceLimit ?? 0) !== 0 || (changes.userLimit ?? 0) !== 0;
  if (grantsAdminFields && !manager) throw badRequest('Administrator access required');
  const callerExpires = caller?.expirationTime;
  const expires = changes.expirationTime;
  if (callerExpires && expires instanceof Date && expires.getTime() > callerExpires.getTime()) throw badRequest('Administrator access required');
  const restricts = MANAGER_ONLY_FIELDS.some((field) => field !== 'expirationTime' && changes[field] === true) || changes.fixedEmail === true;
  if (restricts && !manager) throw badRequest('Manager access required');
}

/**
 * /api/users as Traccar's UserResource: administrators manage everybody; managers (userLimit ≠ 0)
 * the users they created, up to their limit; anybody their own account. POST by anybody else is
 * registration — without a session, or by an ordinary user, who then does not manage the new
 * account — allowed when the server enables it, or for the very first user (who becomes admin).
 * Creating a user is not an edit for Traccar: a read-only account may register or, as a manager,
 * create users.
 */
export function registerUserRoutes(app: FastifyInstance, { auth, users, serverSettings }: TrackerContext): void {
  /** The user's `readonly` or the server's (non-administrators only): Traccar's checkEdit. */
  async function checkNotReadonly(caller: UserRecord): Promise<void> {
    if (caller.readonly || (await serverSettings.get()).readonly) throw badRequest('Write access denied');
  }

  async function checkManages(caller: UserRecord, userId: number): Promise<void> {
    if (caller.administrator || caller.id === userId) return;
    if (!(await users.manages(caller.id, userId))) throw accessDenied('user');
  }

  app.get('/api/users', async (request) => {
    const caller = await auth.requireUser(request);
    const userId = queryInteger(request.query as Query, 'userId', badRequest);
    if (userId > 0) {
      await checkManages(caller, userId);
      return (await users.findManagedBy(userId)).map(userToJson);
    }
    if (caller.administrator) return (await users.findAll()).map(userToJson);
    if (caller.userLimit === 0) throw badRequest('Manager access required');
    return (await users.findManagedBy(caller.id)).map(userToJson);
  });

  app.get('/api/users/:id', async (request) => {
    const caller = await auth.requireUser(request);
    const id = pathId(request.params);
    await checkManages(caller, id);
    const user = await users.findById(id);
    if (!user) throw notFound();
    return userToJson(user);
  });

  app.post('/api/users', async (request) => {
    const caller = await auth.currentUser(request);
    const body = parseBody(userSchema, request.body);
    if (!body.password) throw badRequest('Invalid password: must not be empty');
    const changes = changesFrom(body);

    const firstUser = (await users.count()) === 0;
    const manager = caller !== null && !caller.administrator && caller.userLimit !== 0;
    if (!caller?.administrator) {
      checkNewUserFields(caller, changes, manager);
      if (manager) {
        if (caller.userLimit > 0 && (await users.countManagedDirectly(caller.id)) >= caller.userLimit) throw badRequest('Manager user limit reached');
      } else if (!firstUser && !(await serverSettings.get()).registration) {
        // Registration, with or without a session: an ordinary user registers like a visitor.
        throw badRequest('Registration disabled');
      }
      changes.administrator = firstUser && !manager;
      changes.deviceLimit = -1;
      changes.userLimit = 0;
    }
    const created = await users.create({ ...changes, hashedPassword: await hashPassword(body.password) });
    if (manager) await users.addManaged(caller.id, created.id);
    return userToJson(created);
  });

  app.put('/api/users/:id', async (request) => {
    const caller = await auth.requireUser(request);
    const id = pathId(request.params);
    await checkManages(caller, id);
    const before = await users.findById(id);
    if (!before) throw notFound();
    const body = parseBody(userSchema, request.body);
    const changes = changesFrom(body);
    if (!caller.administrator) {
      checkUnchanged(before, changes, ADMIN_ONLY_FIELDS, 'Administrator access required');
      if (caller.id === id) checkUnchanged(before, changes, MANAGER_ONLY_FIELDS, 'Manager access required');
      // Traccar's checkEdit skips the read-only checks for one's own account.
      if (caller.id !== id) await checkNotReadonly(caller);
    }
    if (body.password) changes.hashedPassword = await hashPassword(body.password);
    return userToJson((await users.update(id, changes)) ?? before);
  });

  app.delete('/api/users/:id', async (request, reply) => {
    const caller = await auth.requireUser(request);
    const id = pathId(request.params);
    if (caller.id !== id) await checkManages(caller, id);
    if (!caller.administrator) await checkNotReadonly(caller);
    if (!(await users.delete(id))) throw notFound();
    return reply.code(204).send();
  });
}
