import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { UserChanges } from '../db/users-repository';
import { parseIsoDate } from '../entities/dates';
import { userToJson, type UserRecord } from '../entities/user';
import { parseBody, pathId } from '../http/body';
import { badRequest, notFound } from '../http/errors';
import { matchingKeyword, page, readPaging } from '../http/paging';
import { queryInteger, type Query } from '../http/query';
import { hashPassword } from '../session/password';
import type { TrackerContext } from '../tracker-context';
import { accessDenied } from './access';
import { checkUserUpdate, NEW_USER_FIELDS } from './user-update-check';

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

function changesFrom(body: UserBody): UserChanges {
  const { password: _password, id: _id, expirationTime, ...fields } = body;
  const changes: UserChanges = { ...fields };
  if (expirationTime !== undefined) changes.expirationTime = expirationTime ? parseIsoDate(expirationTime) : null;
  return changes;
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

  /** By name (Traccar's order), then `keyword` (name, email), `offset` and `limit`. */
  app.get('/api/users', async (request) => {
    const caller = await auth.requireUser(request);
    const query = request.query as Query;
    const userId = queryInteger(query, 'userId', badRequest);
    let found: UserRecord[];
    if (userId > 0) {
      await checkManages(caller, userId);
      found = await users.findManagedBy(userId);
    } else if (caller.administrator) {
      found = await users.findAll();
    } else {
      if (caller.userLimit === 0) throw badRequest('Manager access required');
      found = await users.findManagedBy(caller.id);
    }
    return page(matchingKeyword(found, query, (user) => [user.name, user.email]), readPaging(query)).map(userToJson);
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
      // Refused, not reset: a manager's users start with what Traccar's `new User()` holds.
      checkUserUpdate(caller, NEW_USER_FIELDS, changes, 'new');
      if (manager) {
        if (caller.userLimit > 0 && (await users.countManagedDirectly(caller.id)) >= caller.userLimit) throw badRequest('Manager user limit reached');
      } else {
        // Registration, with or without a session: an ordinary user registers like a visitor.
        if (!firstUser && !(await serverSettings.get()).registration) throw badRequest('Registration disabled');
        // Traccar's UserUtil.setUserDefaults (users.defaultDeviceLimit -1); the very first user administers.
        changes.administrator = firstUser;
        changes.deviceLimit = -1;
      }
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
      checkUserUpdate(caller, before, changes, caller.id === id ? 'own' : 'managed');
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
