import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QR_ACCESS_ATTRIBUTE, qrAccessSchema, type QrAccess, type User } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import { peekJsonBody } from '../policy/request-body';
import { ApiError } from '../product/api-errors';
import type { CallerResolver } from '../traccar/caller-resolver';
import { credentialsOf } from '../traccar/traccar-client';
import type { ServiceAccount } from '../traccar/service-account';
import { DriverAccounts } from './driver-accounts';

export interface QrAccessHookOptions {
  serviceAccount: ServiceAccount;
  callers: CallerResolver;
  audit: AuditLog;
}

/** A driver save carrying QR access, between the request and the tracking server's answer. */
interface PendingAccess {
  access: QrAccess;
  uniqueId: string;
  owner: User;
}

const pending = new WeakMap<FastifyRequest, PendingAccess>();
const DRIVER_PATH = /^\/api\/drivers(?:\/(\d+))?$/;
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Saving a driver through `/api` with `attributes["rastro.qrAccess"]` gives the driver a
 * tracking-server user to sign in with (see DriverAccounts.save). The settings are checked before
 * anything is stored (400 INVALID_INPUT, QR_USERNAME_TAKEN), and the password never reaches the
 * driver's attributes: it is cut from the body on its way through and set on the user only. The
 * user is saved once the tracking server has accepted the driver, before the browser gets the answer.
 * Register before the audit hook, so the log sees the body without the password.
 */
export function registerQrAccessHook(app: FastifyInstance, { serviceAccount, callers, audit }: QrAccessHookOptions): void {
  const accounts = new DriverAccounts(serviceAccount);
  app.addHook('preHandler', async (request, reply) => {
    const match = DRIVER_PATH.exec(request.url.split('?', 1)[0] as string);
    const creating = request.method === 'POST' && match && !match[1];
    const updating = request.method === 'PUT' && match?.[1];
    if (!creating && !updating) return;
    const body = await peekJsonBody(request);
    if (!isRecord(body) || !isRecord(body.attributes) || body.attributes[QR_ACCESS_ATTRIBUTE] === undefined) return;
    const owner = await callers.resolve(credentialsOf(request.headers));
    // Without a session the tracking server answers its own 401.
    if (!owner) return;
    try {
      const access = await checkedAccess(accounts, body.attributes[QR_ACCESS_ATTRIBUTE], updating ? Number(match?.[1]) : null);
      const { password: _password, ...kept } = access;
      replaceBody(request, { ...body, attributes: { ...body.attributes, [QR_ACCESS_ATTRIBUTE]: kept } });
      pending.set(request, { access, uniqueId: String(body.uniqueId ?? ''), owner });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return reply.code(error.statusCode).send(error.toBody());
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = pending.get(request);
    if (!entry || reply.statusCode >= 300) return payload;
    try {
      const driver = await accounts.driverByUniqueId(entry.uniqueId);
      if (!driver) throw new Error(`driver ${entry.uniqueId} not found after its save`);
      const user = await accounts.save(driver, entry.access, entry.owner.id);
      await audit.record({ actor: entry.owner, action: 'qrAccess', objectType: 'driver', objectId: driver.id, subjectUserId: user.id, changes: { username: entry.access.username, passwordChanged: entry.access.password !== undefined }, request });
    } catch (error) {
      request.log.error({ err: error }, 'QR driver: the driver was saved but its user could not be');
    }
    return payload;
  });
}

const FIELD = `attributes.${QR_ACCESS_ATTRIBUTE}`;

async function checkedAccess(accounts: DriverAccounts, value: unknown, driverId: number | null): Promise<QrAccess> {
  const parsed = qrAccessSchema.safeParse(value);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => [FIELD, ...issue.path].join('.')))];
    throw new ApiError(400, 'INVALID_INPUT', parsed.error.issues.map((issue) => issue.message).join('; '), fields);
  }
  const access = parsed.data;
  const existing = driverId === null ? null : await accounts.userOfDriver(driverId);
  if (!existing && !access.password) throw new ApiError(400, 'INVALID_INPUT', 'A password is needed to give QR access', [`${FIELD}.password`]);
  if (await accounts.usernameTaken(access.username, driverId)) throw new ApiError(400, 'QR_USERNAME_TAKEN', 'Another user signs in with this username', [`${FIELD}.username`]);
  return access;
}

function replaceBody(request: FastifyRequest, json: unknown): void {
  const bytes = Buffer.from(JSON.stringify(json));
  request.body = Readable.from([bytes]);
  request.headers['content-length'] = String(bytes.length);
  delete request.headers['transfer-encoding'];
}
