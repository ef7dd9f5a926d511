import type { DeviceStatus } from '../entities/device';
import type { NewEvent } from '../entities/event';
import type { EventType } from '../entities/event-types';
import type { EventSource, IngestBatch } from '../ingest/position-ingest';

const STATUS_EVENTS: Record<DeviceStatus, EventType> = { online: 'deviceOnline', offline: 'deviceOffline', unknown: 'deviceUnknown' };

/** deviceOnline / deviceOffline / deviceUnknown when a device's status really changes; no position. */
export class StatusEventSource implements EventSource {
  eventsFor({ statusChanges, now }: IngestBatch): NewEvent[] {
    return statusChanges.map(({ deviceId, status }) => ({
      type: STATUS_EVENTS[status],
      eventTime: now,
      deviceId,
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: {},
    }));
  }
}
