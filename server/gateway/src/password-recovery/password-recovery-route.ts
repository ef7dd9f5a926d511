import formBody from '@fastify/formbody';
import { MIN_PASSWORD_LENGTH, isLongEnoughPassword } from '@rastro/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestOrigin } from '../audit/request-origin';
import { ApiError, installApiErrorHandling, parseInput } from '../product/api-errors';
import type { PasswordRecovery } from './password-recovery';
import { recoveryLinkOrigin, type RecoverySites } from './recovery-link';

const formSchema = z.object({
  email: z.string().trim().max(320).optional(),
  requested_from: z.string().trim().max(2048).optional(),
  token: z.string().trim().max(256).optional(),
  password: z.string().max(1024).optional(),
});
type RecoveryForm = z.output<typeof formSchema>;

/**
 * `POST /api/session/password` (SPEC §7), which the shell's tracking API client sends: a form with
 * `email` (and `requested_from`, ignored) mails a recovery link to the tenant's public URL; a form with `token` and `password` sets the
 * password. Both answer 200 with an empty body. The gateway answers it itself: a static route,
 * which Fastify's router prefers to the proxy's `/api/*` whatever the registration order.
 */
export function registerPasswordRecoveryRoute(app: FastifyInstance, recovery: PasswordRecovery, sites: RecoverySites): void {
  const setPassword = async (form: RecoveryForm, request: FastifyRequest): Promise<void> => {
    if (!form.token) throw new ApiError(400, 'FILL_TOKEN_FIELD', 'token is required');
    const password = form.password ?? '';
    // SPEC §5 / §9, the same minimum as on user writes. Form fields arrive as strings.
    if (!isLongEnoughPassword(password)) throw new ApiError(400, 'INVALID_INPUT', `password must have at least ${MIN_PASSWORD_LENGTH} characters`, ['password']);
    if (!(await recovery.reset(form.token, password, requestOrigin(request)))) {
      throw new ApiError(400, 'INVALID_TOKEN', 'The recovery link is unknown, expired or already used');
    }
  };

  const mailLink = async (form: RecoveryForm, request: FastifyRequest): Promise<void> => {
    if (!form.email) throw new ApiError(400, 'FILL_EMAIL_FIELD', 'email is required');
    // `requested_from` is accepted (the shell sends it) but never used: links go to configured sites only.
    const linkOrigin = await recoveryLinkOrigin(request, sites);
    // Independent of the email, so it reveals nothing about which accounts exist.
    if (!(await recovery.available())) throw new ApiError(503, 'PASSWORD_RECOVERY_UNAVAILABLE', 'Mail or the service account is not configured');
    recovery.requestInBackground(form.email, linkOrigin, requestOrigin(request));
  };

  // A scope of its own: JSON errors and the form parser stay inside, away from the proxy's raw bodies.
  const scoped = async (scope: FastifyInstance): Promise<void> => {
    installApiErrorHandling(scope);
    await scope.register(formBody);
    scope.post('/', async (request, reply) => {
      const form = parseInput(formSchema, request.body ?? {}, 'body');
      await (form.token !== undefined || form.password !== undefined ? setPassword(form, request) : mailLink(form, request));
      return reply.code(200).send();
    });
  };
  void app.register(scoped, { prefix: '/api/session/password' });
}
