import type { TrackingEvent } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import type { JobQueue } from '../jobs/job-queue';
import type { ServiceAccount } from '../traccar/service-account';
import { TraccarCallError } from '../traccar/traccar-client';
import { sendEngineCommand } from './engine-command';
import { eventKey, type TrackingEventStream } from './event-stream';

/** Geofence attributes (SPEC §3), Traccar's free map without the rastro prefix. */
export const geofenceAutomationKeys = { lockOnEnter: 'lockOnEnter', lockOnExit: 'lockOnExit', isAnchor: 'isAnchor', deviceId: 'deviceId' } as const;

/** Why an engine was stopped. */
export type LockRule = 'lockOnEnter' | 'lockOnExit' | 'anchor';

interface Geofence {
  id: number;
  attributes?: Record<string, unknown>;
}

interface EngineStopPayload {
  deviceId: number;
  geofenceId: number;
  eventId: number;
  rule: LockRule;
}

export const GEOFENCE_LOCK_JOB = 'automation.geofence-lock';

const flag = (value: unknown) => value === true || value === 'true';

/** The rule an event sets off on this geofence, if any: lock on enter/exit, or an anchor left by its own device. */
export function lockRuleOf(event: Pick<TrackingEvent, 'type' | 'deviceId'>, geofence: Geofence): LockRule | null {
  const attributes = geofence.attributes ?? {};
  if (event.type === 'geofenceEnter' && flag(attributes[geofenceAutomationKeys.lockOnEnter])) return 'lockOnEnter';
  if (event.type !== 'geofenceExit') return null;
  if (flag(attributes[geofenceAutomationKeys.lockOnExit])) return 'lockOnExit';
  const anchoredDevice = Number(attributes[geofenceAutomationKeys.deviceId]);
  if (flag(attributes[geofenceAutomationKeys.isAnchor]) && anchoredDevice === event.deviceId) return 'anchor';
  return null;
}

export interface GeofenceLockOptions {
  events: TrackingEventStream;
  jobs: JobQueue;
  serviceAccount: ServiceAccount;
  audit: AuditLog;
}

/**
 * Device automations: a geofence with `lockOnEnter` / `lockOnExit` stops the engine of a device
 * entering / leaving it, and an anchor (`isAnchor` + `deviceId`) stops its device when it leaves.
 * Each event becomes one job (keyed by the event), so however many gateways hear it, one command goes out.
 */
export function registerGeofenceLocks({ events, jobs, serviceAccount, audit }: GeofenceLockOptions): void {
  jobs.define<EngineStopPayload>(GEOFENCE_LOCK_JOB, async ({ deviceId, geofenceId, eventId, rule }) => {
    const outcome = await sendEngineCommand(serviceAccount, deviceId, 'engineStop');
    await audit.record({
      actor: null,
      action: 'engineStop',
      objectType: 'device',
      objectId: deviceId,
      changes: { by: 'automation', rule, geofenceId, eventId, ...outcome },
    });
  });

  events.follow(['geofenceEnter', 'geofenceExit'], async (event) => {
    if (!event.geofenceId) return;
    const geofence = await readGeofence(serviceAccount, event.geofenceId);
    const rule = geofence ? lockRuleOf(event, geofence) : null;
    if (!rule) return;
    await jobs.enqueueOnce(eventKey(event), GEOFENCE_LOCK_JOB, { deviceId: event.deviceId, geofenceId: event.geofenceId, eventId: event.id, rule } satisfies EngineStopPayload);
  });
}

/** The geofence, or null when it is gone (deleted since the event). */
async function readGeofence(serviceAccount: ServiceAccount, id: number): Promise<Geofence | null> {
  try {
    return await serviceAccount.json<Geofence>({ path: `/api/geofences/${id}` });
  } catch (error) {
    if (error instanceof TraccarCallError && error.status === 404) return null;
    throw error;
  }
}
