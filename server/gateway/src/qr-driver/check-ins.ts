import { qrDriverUserKeys, rastroAttributeKeys, type QrDriverState, type QrDriverView, type User } from '@rastro/shared/contract';
import type { AuditActor, AuditLog } from '../audit/audit-log';
import { sendEngineCommand } from '../automations/engine-command';
import type { JobQueue } from '../jobs/job-queue';
import { ApiError } from '../product/api-errors';
import type { ServiceAccount } from '../traccar/service-account';
import { TraccarCallError } from '../traccar/traccar-client';
import type { DriverAccounts } from './driver-accounts';
import type { DriverSessions } from './driver-sessions';

export const QR_LOCK_JOB = 'qr-driver.lock-without-driver';
export const QR_CHECK_OUT_JOB = 'qr-driver.check-out';

/** The pending lock of a device left without a driver: cancelled when a driver checks in first. */
export const lockKey = (deviceId: number) => `qr-driver:lock:device:${deviceId}`;
/** The pending timed check-out of a driver: cancelled when the driver checks out first. */
export const logoutKey = (userId: number) => `qr-driver:logout:user:${userId}`;

/** Why a driver was checked out. */
export type CheckOutReason = 'driver' | 'logoutDelay' | 'ignitionOff';

/** The driver's settings call these a logout: the driver's sessions end with the check-out. */
const LOGOUT_REASONS: ReadonlySet<CheckOutReason> = new Set(['logoutDelay', 'ignitionOff']);

interface DeviceRef {
  id: number;
}

const MINUTE_MS = 60_000;

/** A QR driver's device id and driver id, from its tracking-server user. */
export function qrDriverOf(user: User): { driverId: number; deviceId: number } | null {
  const driverId = Number(user.attributes[rastroAttributeKeys.isQrDriverId]);
  if (!(driverId > 0)) return null;
  const deviceId = Number(user.attributes[rastroAttributeKeys.isQrDeviceId] ?? 0);
  return { driverId, deviceId: deviceId > 0 ? deviceId : 0 };
}

export function stateOf(user: User): QrDriverState {
  const checkedInAt = user.attributes[qrDriverUserKeys.checkedInAt];
  return { deviceId: qrDriverOf(user)?.deviceId ?? 0, checkedInAt: typeof checkedInAt === 'string' ? checkedInAt : null };
}

/**
 * QR drivers checking in to and out of devices (SPEC §3 Driver, §6 QR driver). The state lives on
 * the tracking server: the driver linked to the device, and the driver user's `rastro.isQrDeviceId`.
 * The driver's QR settings decide the rest: unlock at check-in, a timed check-out, a lock of the
 * device left without a driver (after a delay, through the job queue, cancelled by a check-in).
 */
export class CheckIns {
  constructor(
    private readonly deps: {
      serviceAccount: ServiceAccount;
      accounts: DriverAccounts;
      jobs: JobQueue;
      audit: AuditLog;
      sessions: DriverSessions;
      /** How long a minute of the driver's delays lasts (ms); default a minute. */
      minuteMs?: number;
    },
  ) {}

  /** When a delay of the driver's settings, in minutes, is up. */
  private after(minutes: number): Date {
    return new Date(Date.now() + minutes * (this.deps.minuteMs ?? MINUTE_MS));
  }

  async checkIn(user: User, deviceId: number): Promise<QrDriverState> {
    const driverOf = this.requireDriver(user);
    const { serviceAccount, accounts, jobs, audit } = this.deps;
    await this.requireReachable(user, deviceId);
    const settings = accounts.settingsOf(await accounts.driver(driverOf.driverId));
    if (driverOf.deviceId > 0 && driverOf.deviceId !== deviceId) user = await this.checkOut(user, 'driver', user);
    await jobs.cancel(lockKey(deviceId));
    if (driverOf.deviceId !== deviceId) await this.link('POST', deviceId, driverOf.driverId);
    const checkedIn = await accounts.update(user, {}, { [rastroAttributeKeys.isQrDeviceId]: deviceId, [qrDriverUserKeys.checkedInAt]: new Date().toISOString() });
    const unlock = settings?.unlockDevice ? await sendEngineCommand(serviceAccount, deviceId, 'engineResume') : null;
    await jobs.cancel(logoutKey(user.id));
    if (settings && settings.logoutDelayMinutes > 0) {
      await jobs.enqueueOnce(logoutKey(user.id), QR_CHECK_OUT_JOB, { userId: user.id, deviceId, reason: 'logoutDelay' }, { runAt: this.after(settings.logoutDelayMinutes) });
    }
    await audit.record({ actor: actorOf(user), action: 'qrCheckIn', objectType: 'device', objectId: deviceId, subjectUserId: user.id, changes: { driverId: driverOf.driverId, unlock } });
    return stateOf(checkedIn);
  }

  /** What the driver screen shows: the state, the vehicle checked in to, and the timers its settings set. */
  async view(user: User): Promise<Omit<QrDriverView, 'checkInEnabled'>> {
    const driverOf = this.requireDriver(user);
    const state = stateOf(user);
    const settings = this.deps.accounts.settingsOf(await this.deps.accounts.driver(driverOf.driverId));
    const device = state.deviceId > 0 ? await this.vehicle(state.deviceId) : null;
    const logoutDelay = settings?.logoutDelayMinutes ?? 0;
    const logoutAt = state.checkedInAt && logoutDelay > 0 ? new Date(Date.parse(state.checkedInAt) + logoutDelay * (this.deps.minuteMs ?? MINUTE_MS)).toISOString() : null;
    return { ...state, device, logoutAt, lockDelayMinutes: settings?.lockWithoutDriver ? settings.lockDelayMinutes : null, logoutOnIgnitionOff: settings?.logoutOnIgnitionOff ?? false };
  }

  private async vehicle(deviceId: number): Promise<QrDriverView['device']> {
    const { serviceAccount } = this.deps;
    const device = await serviceAccount.json<{ id: number; name: string; status?: string; positionId?: number }>({ path: `/api/devices/${deviceId}` });
    const positions = device.positionId ? await serviceAccount.json<{ attributes?: Record<string, unknown> }[]>({ path: `/api/positions?id=${device.positionId}` }) : [];
    return { id: device.id, name: device.name, status: device.status ?? 'unknown', blocked: positions[0]?.attributes?.blocked === true };
  }

  /** Checks the driver out of its device (nothing to do when checked in nowhere); returns the user as saved. */
  async checkOut(user: User, reason: CheckOutReason, actor: User | null): Promise<User> {
    const driverOf = this.requireDriver(user);
    const { accounts, jobs, audit } = this.deps;
    if (driverOf.deviceId === 0) return user;
    const deviceId = driverOf.deviceId;
    await this.link('DELETE', deviceId, driverOf.driverId);
    const checkedOut = await accounts.update(user, {}, { [rastroAttributeKeys.isQrDeviceId]: null, [qrDriverUserKeys.checkedInAt]: null });
    if (reason !== 'logoutDelay') await jobs.cancel(logoutKey(user.id));
    const settings = accounts.settingsOf(await accounts.driver(driverOf.driverId));
    let lockAt: string | null = null;
    if (settings?.lockWithoutDriver) {
      const runAt = this.after(settings.lockDelayMinutes);
      await jobs.cancel(lockKey(deviceId));
      await jobs.enqueueOnce(lockKey(deviceId), QR_LOCK_JOB, { deviceId }, { runAt });
      lockAt = runAt.toISOString();
    }
    const sessionsEnded = LOGOUT_REASONS.has(reason) ? await this.deps.sessions.endAll(user.id) : undefined;
    await audit.record({
      actor: actor ? actorOf(actor) : null,
      action: 'qrCheckOut',
      objectType: 'device',
      objectId: deviceId,
      subjectUserId: user.id,
      changes: { driverId: driverOf.driverId, reason, lockAt, ...(sessionsEnded === undefined ? {} : { sessionsEnded }) },
    });
    return checkedOut;
  }

  /** The job behind a device left without a driver: stops its engine unless a driver checked in meanwhile. */
  async lockWithoutDriver(deviceId: number): Promise<void> {
    if ((await this.deps.accounts.checkedInTo(deviceId)).length > 0) return;
    const outcome = await sendEngineCommand(this.deps.serviceAccount, deviceId, 'engineStop');
    await this.deps.audit.record({ actor: null, action: 'engineStop', objectType: 'device', objectId: deviceId, changes: { by: 'automation', rule: 'lockWithoutDriver', ...outcome } });
  }

  /** The job behind a timed or ignition check-out: only if the driver is still on that device. */
  async checkOutIfStillOn(userId: number, deviceId: number, reason: CheckOutReason): Promise<void> {
    const user = (await this.deps.accounts.users()).find((candidate) => candidate.id === userId);
    if (user && qrDriverOf(user)?.deviceId === deviceId) await this.checkOut(user, reason, null);
  }

  private requireDriver(user: User): { driverId: number; deviceId: number } {
    const driverOf = qrDriverOf(user);
    if (!driverOf) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'Only QR driver accounts check in');
    return driverOf;
  }

  /** The device must exist and be one the user who gave the QR access reaches. */
  private async requireReachable(user: User, deviceId: number): Promise<void> {
    const { serviceAccount } = this.deps;
    const ownerId = Number(user.attributes[qrDriverUserKeys.ownerId]);
    const owner = ownerId > 0 ? (await this.deps.accounts.users()).find((candidate) => candidate.id === ownerId) : undefined;
    const reachable = owner?.administrator
      ? await serviceAccount.json<DeviceRef[]>({ path: '/api/devices?all=true' })
      : owner
        ? await serviceAccount.json<DeviceRef[]>({ path: `/api/devices?userId=${owner.id}` })
        : [];
    if (!reachable.some((device) => device.id === deviceId)) throw new ApiError(404, 'DEVICE_NOT_FOUND', `No device ${deviceId} for this driver`);
  }

  /** Links or unlinks driver and device; an unlink of what is not linked is no failure. */
  private async link(method: 'POST' | 'DELETE', deviceId: number, driverId: number): Promise<void> {
    try {
      await this.deps.serviceAccount.json({ method, path: '/api/permissions', json: { deviceId, driverId } });
    } catch (error) {
      if (!(method === 'DELETE' && error instanceof TraccarCallError && error.status < 500)) throw error;
    }
  }
}

function actorOf(user: User): AuditActor {
  return { id: user.id, name: user.name, email: user.email };
}
