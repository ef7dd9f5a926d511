import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/errors';
import { hashPassword } from '../session/password';
import { TokenStore } from '../session/token-store';
import type { TrackerContext } from '../tracker-context';

/** A reset link is valid for a day. */
const RESET_TOKEN_LIFETIME_MS = 24 * 3600_000;

/** Where a real Traccar would mail the reset link; the embedded tracker hands it to this callback. */
export type PasswordResetMailer = (reset: { email: string; token: string }) => void;

type Form = Record<string, string | undefined>;

/**
 * POST /api/password/reset (form `email`): always 200, so nobody learns which emails exist; a known
 * email gets a one-time token. POST /api/password/update (form `token`, `password`): 200, or 404
 * for an unknown or used token.
 */
export function registerPasswordRoutes(app: FastifyInstance, { users }: TrackerContext, mail: PasswordResetMailer): void {
  const resetTokens = new TokenStore();

  app.post('/api/password/reset', async (request, reply) => {
    const email = ((request.body ?? {}) as Form).email?.trim();
    if (!email) throw badRequest('Invalid email: must not be empty');
    const user = await users.findByEmailOrLogin(email);
    if (user && user.email.toLowerCase() === email.toLowerCase()) {
      mail({ email: user.email, token: resetTokens.issue(user.id, new Date(Date.now() + RESET_TOKEN_LIFETIME_MS)) });
    }
    return reply.code(200).send();
  });

  app.post('/api/password/update', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    if (!form.password) throw badRequest('Invalid password: must not be empty');
    const userId = resetTokens.userIdOf(form.token);
    if (userId === null || !form.token) throw notFound();
    if (!(await users.update(userId, { hashedPassword: await hashPassword(form.password) }))) throw notFound();
    resetTokens.revoke(form.token);
    return reply.code(200).send();
  });
}
