import type { PositionRecord } from '../entities/position';
import { fixEvent, type FixDetector } from './fix-event-source';
import { stringAttribute } from './position-attributes';

/**
 * One `alarm` event per alarm in the fix's comma-separated `alarm` attribute, except alarms the
 * previous fix already carried (Traccar's default `event.ignoreDuplicateAlarms`).
 */
export const alarmEvents: FixDetector = (fix, previous) => {
  const already = new Set(previous ? alarmsOf(previous) : []);
  return alarmsOf(fix)
    .filter((alarm) => !already.has(alarm))
    .map((alarm) => fixEvent('alarm', fix, { attributes: { alarm } }));
};

function alarmsOf(position: PositionRecord): string[] {
  const alarms = (stringAttribute(position, 'alarm') ?? '').split(',').map((alarm) => alarm.trim());
  return [...new Set(alarms.filter((alarm) => alarm !== ''))];
}
