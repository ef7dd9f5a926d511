import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log';
import { attributeFlag, integrationKeys, integrationKinds, integrationListSchema, integrationSchema, rastroAttributeKeys, type Edition, type IntegrationKey, type User } from '@rastro/shared/contract';
import { requireCaller, requirePaidAdministrator, requirePaidEdition } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import { MailNotConfiguredError, type Mailer } from '../mail/mailer';
import { ApiError } from '../product/api-errors';
import { resellerIntegrationKeys, type IntegrationOwner, type IntegrationStore } from './integration-store';

export interface IntegrationsRoutesOptions {
  store: IntegrationStore;
  callers: CallerResolver;
  edition: Edition;
  audit: AuditLog;
  mailer: Pick<Mailer, 'send'>;
}

const testMailSchema = z.object({ to: z.email().optional() });

/** Where the payment provider's webhooks for an account's charges come (the path the integrations screen shows). */
export const ASAAS_WEBHOOK_PATH = '/rastro/billing/webhooks/asaas';
export const webhookPathOf = (owner: IntegrationOwner) => (owner === null ? ASAAS_WEBHOOK_PATH : `${ASAAS_WEBHOOK_PATH}/${owner}`);

/** Who edits integrations, and whose: an administrator the installation's, a reseller its own. */
interface IntegrationEditor {
  user: User;
  owner: IntegrationOwner;
}

/**
 * `GET /rastro/integrations` and `POST /rastro/integrations/{payment|mail|invoice}` (paid edition,
 * SPEC §2): an administrator edits the installation's integrations; a reseller (rastro.reseller)
 * its own payment and nota fiscal integrations, the Asaas account its customers are charged
 * through (mail stays the installation's). One POST route per kind, so each validates and
 * documents its own settings.
 */
export function registerIntegrationsRoutes(app: FastifyInstance, routes: ProductRoutes, { store, callers, edition, audit, mailer }: IntegrationsRoutesOptions): void {
  const requireAccess = (request: FastifyRequest): Promise<User> => requirePaidAdministrator(callers, request, edition, 'Integrations');
  const editorFor =
    (key: IntegrationKey | null) =>
    async (request: FastifyRequest): Promise<IntegrationEditor> => {
      const user = await requireCaller(callers, request);
      requirePaidEdition(edition, 'Integrations');
      if (user.administrator) return { user, owner: null };
      if (!attributeFlag(user.attributes, rastroAttributeKeys.reseller) || (key !== null && !resellerIntegrationKeys.includes(key))) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'Administrators, and resellers for their own payment and nota fiscal integrations');
      return { user, owner: user.id };
    };

  const list = {
    method: 'GET',
    path: '/integrations',
    summary: "The caller's integrations, secrets masked: an administrator's are the installation's (payment, mail, nota fiscal), a reseller's its own (payment, nota fiscal); with the webhook path the payment provider must call",
    tag: 'Integrations',
    response: integrationListSchema,
    authorize: editorFor(null),
  } as const;
  routes.add(app, list, async ({ caller }) => {
    return { integrations: await store.list(caller.owner), webhookPath: webhookPathOf(caller.owner) };
  });

  for (const key of integrationKeys) {
    const save = {
      method: 'POST',
      path: `/integrations/${key}`,
      summary: `Save the ${key} integration (a secret sent back masked keeps the stored one)`,
      tag: 'Integrations',
      body: integrationKinds[key].settings,
      response: integrationSchema,
      authorize: editorFor(key),
      callers: resellerIntegrationKeys.includes(key) ? 'reseller' : 'administrator',
    } as const;
    routes.add(app, save, async ({ request, body, caller: { user, owner } }) => {
      const saved = await store.save(key, body, user.id, owner);
      request.log.info({ integration: key, by: user.id, owner }, 'integration saved');
      // The settings as answered: secrets already masked (and redacted again by the log).
      await audit.record({ actor: user, action: 'update', objectType: 'integration', changes: { key, owner, settings: saved.settings }, request });
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
