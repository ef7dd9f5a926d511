import { eventToJson, type EventJson, type EventRecord } from '../entities/event';
import type { EventDelivery } from '../ingest/position-ingest';
import { eventMessage } from './event-messages';
import type { ConfigNotification, FleetConfig } from './fleet-config';
import type { FleetConfigSource } from './fleet-config-cache';

/** The hub's side of delivery: events per user id, each socket then hears those of devices it sees. */
export interface EventPublisher {
  publishEvents(eventsPerUser: ReadonlyMap<number, readonly EventJson[]>): void;
}

/**
 * Traccar's `web` notificator: an event goes to the users of every notification that matches it
 * (same type, `web` among its channels, applies to the device, for alarms the alarm listed in
 * `attributes.alarms`, and its calendar, if any, covers the event's time), as `{"events":[…]}` with `attributes.message`. Whether a user sees the
 * device at all is the hub's check, as for positions.
 */
export function webEventDelivery(config: FleetConfigSource, publisher: EventPublisher): EventDelivery {
  return async (events) => {
    const current = await config.current();
    const perUser = new Map<number, EventJson[]>();
    for (const event of events) {
      const users = new Set(
        current
          .notificationsOf(event.deviceId)
          .filter((notification) => matches(notification, event) && current.calendarAllows(notification.calendarId, event.eventTime))
          .flatMap((notification) => current.usersOf(notification.id)),
      );
      if (users.size === 0) continue;
      const json = withMessage(event, current);
      for (const userId of users) {
        const list = perUser.get(userId);
        if (list) list.push(json);
        else perUser.set(userId, [json]);
      }
    }
    if (perUser.size > 0) publisher.publishEvents(perUser);
  };
}

function matches(notification: ConfigNotification, event: EventRecord): boolean {
  if (notification.type !== event.type || !commaList(notification.notificators).includes('web')) return false;
  // Traccar: an alarm notification without an `alarms` list forwards no alarm at all.
  if (event.type === 'alarm') return commaList(notification.attributes.alarms).includes(String(event.attributes.alarm));
  return true;
}

function withMessage(event: EventRecord, config: FleetConfig): EventJson {
  const json = eventToJson(event);
  return { ...json, attributes: { ...json.attributes, message: eventMessage(event, config) } };
}

function commaList(value: unknown): string[] {
  return typeof value === 'string' ? value.split(',').map((item) => item.trim()) : [];
}
