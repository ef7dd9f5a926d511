import type { FastifyInstance } from 'fastify';
import { parseIsoDate } from '../entities/dates';
import { userToJson } from '../entities/user';
import { pathId } from '../http/body';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { queryString, type Query } from '../http/query';
import { DEFAULT_TOKEN_LIFETIME_MS } from '../session/token-store';
import type { TrackerContext } from '../tracker-context';
import { accessDenied } from './access';

type Form = Record<string, string | undefined>;

/** /api/session: form login, session check, token login, logout and token issue. */
export function registerSessionRoutes(app: FastifyInstance, { auth, tokens, users }: TrackerContext): void {
  // Traccar's web app posts extra fields (e.g. `undefined=false`): only email and password count.
  app.post('/api/session', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const user = await auth.login(form.email, form.password);
    if (!user) throw unauthorized();
    auth.startSession(reply, user.id);
    return userToJson(user);
  });

  app.get('/api/session', async (request, reply) => {
    const token = queryString(request.query as Query, 'token');
    if (token !== undefined) {
      const userId = tokens.userIdOf(token);
      const user = userId === null ? null : await users.findById(userId);
      if (!user || user.disabled) throw unauthorized();
      auth.startSession(reply, user.id);
      return userToJson(user);
    }
    const user = await auth.sessionUser(request);
    if (!user) throw notFound();
    return userToJson(user);
  });

  app.delete('/api/session', async (request, reply) => {
    auth.endSession(request);
    return reply.code(204).send();
  });

  // Traccar's "log in as" (SessionResource.logIn, checkUser): an administrator as anybody, a manager
  // as a user it manages. The session now belongs to that user; the caller's own is gone.
  app.post('/api/session/:id', async (request, reply) => {
    const caller = await auth.requireUser(request);
    const id = pathId(request.params);
    if (id !== caller.id && !caller.administrator && !(caller.userLimit !== 0 && (await users.manages(caller.id, id)))) throw accessDenied('user');
    const user = await users.findById(id);
    if (!user) throw notFound();
    auth.endSession(request);
    auth.startSession(reply, user.id);
    return userToJson(user);
  });

  app.post('/api/session/token', async (request, reply) => {
    const user = await auth.requireUser(request);
    const form = (request.body ?? {}) as Form;
    let expiresAt = new Date(Date.now() + DEFAULT_TOKEN_LIFETIME_MS);
    if (form.expiration) {
      const requested = parseIsoDate(form.expiration);
      if (!requested) throw badRequest(`Invalid expiration: ${form.expiration}`);
      expiresAt = requested;
    }
    return reply.type('text/plain').send(tokens.issue(user.id, expiresAt));
  });
}
