import type { NewPosition } from '../entities/position';
import type { OsmandReport } from './osmand-request';

type LastFix = Pick<NewPosition, 'fixTime' | 'valid' | 'latitude' | 'longitude' | 'altitude' | 'speed' | 'course' | 'accuracy'>;

/**
 * Traccar's getLastLocation: the fix of the device's last position, validity and all; a device that
 * never reported stays at 0,0 with its fix dated at the epoch.
 */
function lastFixOf(last: NewPosition | undefined): Partial<LastFix> {
  if (!last) return { fixTime: new Date(0), latitude: 0, longitude: 0 };
  const { fixTime, valid, latitude, longitude, altitude, speed, course, accuracy } = last;
  return { fixTime, valid, latitude, longitude, altitude, speed, course, accuracy };
}

/**
 * The position an OsmAnd report makes, dated by the report (else the server's clock). A report
 * without coordinates is still stored, as Traccar's OsmAnd decoder does: its fix is the device's
 * `last` (see lastFixOf), while its time (`deviceTime`), attributes and network are its own.
 */
export function positionFromReport(deviceId: number, report: OsmandReport, last: NewPosition | undefined, now: Date): NewPosition {
  const time = report.fixTime ?? now;
  const position: NewPosition = {
    deviceId,
    protocol: 'osmand',
    serverTime: now,
    deviceTime: time,
    fixTime: time,
    valid: report.valid,
    latitude: report.latitude ?? 0,
    longitude: report.longitude ?? 0,
    altitude: report.altitude,
    speed: report.speed,
    course: report.course,
    accuracy: report.accuracy,
    network: report.network ?? null,
    attributes: report.attributes,
  };
  return report.latitude === null || report.longitude === null ? { ...position, ...lastFixOf(last) } : position;
}
