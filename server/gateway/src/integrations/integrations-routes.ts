import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log';
import { integrationKeys, integrationKinds, integrationListSchema, integrationSchema, type Edition, type User } from '@rastro/shared/contract';
import { requirePaidAdministrator } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import { MailNotConfiguredError, type Mailer } from '../mail/mailer';
import { ApiError } from '../product/api-errors';
import type { IntegrationStore } from './integration-store';

export interface IntegrationsRoutesOptions {
  store: IntegrationStore;
  callers: CallerResolver;
  edition: Edition;
  audit: AuditLog;
  mailer: Pick<Mailer, 'send'>;
}

const testMailSchema = z.object({ to: z.email().optional() });

/**
 * `GET /rastro/integrations` and `POST /rastro/integrations/{payment|mail|invoice}`: administrators
 * of the paid edition (SPEC §2). One POST route per kind, so each validates and documents its own
 * settings.
 */
export function registerIntegrationsRoutes(app: FastifyInstance, routes: ProductRoutes, { store, callers, edition, audit, mailer }: IntegrationsRoutesOptions): void {
  const requireAccess = (request: FastifyRequest): Promise<User> => requirePaidAdministrator(callers, request, edition, 'Integrations');

  const list = { method: 'GET', path: '/integrations', summary: 'Every integration, secrets masked', tag: 'Integrations', response: integrationListSchema, authorize: requireAccess } as const;
  routes.add(app, list, async () => {
    return { integrations: await store.list() };
  });

  for (const key of integrationKeys) {
    const save = {
      method: 'POST',
      path: `/integrations/${key}`,
      summary: `Save the ${key} integration (a secret sent back masked keeps the stored one)`,
      tag: 'Integrations',
      body: integrationKinds[key].settings,
      response: integrationSchema,
      authorize: requireAccess,
      callers: 'administrator',
    } as const;
    routes.add(app, save, async ({ request, body, caller: admin }) => {
      const saved = await store.save(key, body, admin.id);
      request.log.info({ integration: key, by: admin.id }, 'integration saved');
      // The settings as answered: secrets already masked (and redacted again by the log).
      await audit.record({ actor: admin, action: 'update', objectType: 'integration', changes: { key, settings: saved.settings }, request });
      return saved;
    });
  }

  const testMail = {
    method: 'POST',
    path: '/integrations/mail/test',
    summary: "Sends a test mail with the saved mail settings, to the administrator's own address unless `to` is given. 409 MAIL_NOT_CONFIGURED, 422 MAIL_SEND_FAILED (the saved settings do not work: the SMTP server's answer in the message)",
    tag: 'Integrations',
    body: testMailSchema,
    response: z.object({ sentTo: z.string() }),
    authorize: requireAccess,
    callers: 'administrator',
  } as const;
  routes.add(app, testMail, async ({ request, body, caller: admin }) => {
    const to = body.to ?? admin.email;
    try {
      await mailer.send({ to, subject: 'Rastro: test mail', text: 'This test mail was sent with the mail integration saved in Rastro. If it arrived, mail works.' });
    } catch (error) {
      if (error instanceof MailNotConfiguredError) throw new ApiError(409, 'MAIL_NOT_CONFIGURED', error.message);
      throw new ApiError(422, 'MAIL_SEND_FAILED', error instanceof Error ? error.message : String(error));
    }
    request.log.info({ by: admin.id }, 'test mail sent');
    return { sentTo: to };
  });
}
