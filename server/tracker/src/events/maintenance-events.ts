import type { PositionRecord } from '../entities/position';
import { fixEvent, isLate, type FixDetector } from './fix-event-source';
import { numberAttribute } from './position-attributes';

const TIME_TYPES: Record<string, (position: PositionRecord) => Date> = {
  serverTime: (position) => position.serverTime,
  deviceTime: (position) => position.deviceTime,
  fixTime: (position) => position.fixTime,
};

/**
 * `maintenance` when the counter a maintenance item watches (its `type`: a position attribute
 * such as totalDistance in metres or hours in ms, or a time) passes start, start + period,
 * start + 2·period… between the previous fix and this one, as Traccar's handler counts.
 */
export const maintenanceEvents: FixDetector = (fix, previous, config) => {
  if (!previous || isLate(fix, previous)) return [];
  return config.maintenancesOf(fix.deviceId).flatMap((maintenance) => {
    const { type, start, period } = maintenance;
    if (period === 0) return [];
    const before = counter(previous, type);
    const now = counter(fix, type);
    // 0 means the device does not report that counter (yet).
    if (before === 0 || now === 0 || now < start) return [];
    const due = before < start || Math.trunc((before - start) / period) < Math.trunc((now - start) / period);
    return due ? [fixEvent('maintenance', fix, { maintenanceId: maintenance.id, attributes: { [type]: now } })] : [];
  });
};

function counter(position: PositionRecord, type: string): number {
  const time = TIME_TYPES[type];
  return time ? time(position).getTime() : (numberAttribute(position, type) ?? 0);
}
