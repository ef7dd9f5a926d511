import type { FastifyInstance, FastifyRequest } from 'fastify';
import { qrDriverCheckSchema, qrDriverStateSchema, qrDriverViewSchema, serverFeatureOn, type User } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import { eventKey, type TrackingEventStream } from '../automations/event-stream';
import type { JobQueue } from '../jobs/job-queue';
import { ApiError } from '../product/api-errors';
import { requireCaller } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { ServiceAccount } from '../traccar/service-account';
import { CheckIns, QR_CHECK_OUT_JOB, QR_LOCK_JOB, qrDriverOf, stateOf, type CheckOutReason } from './check-ins';
import { DriverAccounts } from './driver-accounts';
import { DriverSessions } from './driver-sessions';
import type { Database } from '@rastro/db';
import type { SecretBox } from '../integrations/secret-box';
import type { SocketRelay } from '../proxy/socket-relay';
import type { ServerSettings } from '../policy/server-settings';
import { credentialsOf, type TraccarClient } from '../traccar/traccar-client';

export interface QrDriverFeatureOptions {
  serviceAccount: ServiceAccount;
  /** Where the drivers' sessions are remembered (sealed) until a logout ends them. */
  db: Database;
  secrets: SecretBox;
  traccar: TraccarClient;
  /** This gateway's websocket relays, closed for a driver's ended sessions. */
  relay?: Pick<SocketRelay, 'endSession'>;
  callers: CallerResolver;
  jobs: JobQueue;
  audit: AuditLog;
  events: TrackingEventStream;
  /** The server's settings: its QR check-in switch (SPEC §3). */
  serverSettings: Pick<ServerSettings, 'get'>;
  /** How long a minute of the drivers' delays lasts (ms); default a minute. */
  minuteMs?: number;
}

const QR_IGNITION_CHECK_OUT_JOB = 'qr-driver.ignition-check-out';

/** `POST /rastro/qr-driver` and the QR drivers' background work (timed check-outs, locks, ignition). */
export function registerQrDriverFeature(app: FastifyInstance, routes: ProductRoutes, { serviceAccount, db, secrets, traccar, relay, callers, jobs, audit, events, serverSettings, minuteMs }: QrDriverFeatureOptions): void {
  const accounts = new DriverAccounts(serviceAccount);
  const sessions = new DriverSessions({ db, secrets, traccar, callers, relay });
  const checkIns = new CheckIns({ serviceAccount, accounts, jobs, audit, sessions, minuteMs });

  jobs.define<{ deviceId: number }>(QR_LOCK_JOB, ({ deviceId }) => checkIns.lockWithoutDriver(deviceId));
  for (const name of [QR_CHECK_OUT_JOB, QR_IGNITION_CHECK_OUT_JOB]) {
    jobs.define<{ userId: number; deviceId: number; reason: CheckOutReason }>(name, ({ userId, deviceId, reason }) => checkIns.checkOutIfStillOn(userId, deviceId, reason));
  }

  // logoutOnIgnitionOff: the ignition of a driver's device went off.
  events.follow(['ignitionOff'], async (event) => {
    for (const user of await accounts.checkedInTo(event.deviceId)) {
      const driverId = qrDriverOf(user)?.driverId;
      const settings = driverId ? accounts.settingsOf(await accounts.driver(driverId)) : null;
      if (!settings?.logoutOnIgnitionOff) continue;
      const payload = { userId: user.id, deviceId: event.deviceId, reason: 'ignitionOff' };
      await jobs.enqueueOnce(`${eventKey(event)}:qr-driver:${user.id}`, QR_IGNITION_CHECK_OUT_JOB, payload);
    }
  });

  // The session cache may predate the last check-in: the account as it is now.
  const current = async (caller: User) => (await accounts.users()).find((candidate) => candidate.id === caller.id) ?? caller;
  const driverOnly = async (request: FastifyRequest) => {
    const caller = await requireCaller(callers, request);
    if (!qrDriverOf(caller)) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'Only QR driver accounts check in');
    return caller;
  };

  const view = { method: 'GET', path: '/qr-driver', summary: "The QR driver's state, vehicle and timers", tag: 'Drivers', response: qrDriverViewSchema, authorize: driverOnly } as const;
  const checkInEnabled = async () => serverFeatureOn((await serverSettings.get()).attributes, 'qrCheckIn');
  routes.add(app, view, async ({ caller }) => ({ ...(await checkIns.view(await current(caller))), checkInEnabled: await checkInEnabled() }));

  const spec = {
    method: 'POST',
    path: '/qr-driver',
    summary: 'A QR driver checks in to a device (id), or out (id 0); answers the new state',
    tag: 'Drivers',
    body: qrDriverCheckSchema,
    response: qrDriverStateSchema,
    callers: 'qr-driver',
    authorize: driverOnly,
  } as const;
  routes.add(app, spec, async ({ request, body, caller }) => {
    // The session the driver screen uses: a timed or ignition logout ends it.
    await sessions.remember(caller.id, credentialsOf(request.headers));
    const user = await current(caller);
    if (body.id > 0) {
      // Switched off, drivers still check out (none is left stuck on a vehicle), but nobody checks in.
      if (!(await checkInEnabled())) throw new ApiError(403, 'QR_CHECK_IN_DISABLED', 'QR check-in is switched off on this server');
      return checkIns.checkIn(user, body.id);
    }
    return stateOf(await checkIns.checkOut(user, 'driver', user));
  });
}
