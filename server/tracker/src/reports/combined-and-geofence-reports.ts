import type { FastifyInstance } from 'fastify';
import { formatDate } from '../entities/dates';
import { eventToJson } from '../entities/event';
import { positionToJson } from '../entities/position';
import { badRequest } from '../http/errors';
import { queryIntegers } from '../http/query';
import type { TrackerContext } from '../tracker-context';
import { feedTrack } from './device-tracks';
import { GeofenceIntervals } from './geofence-intervals';
import { readReportScope } from './report-scope';

/** Events the combined report leaves out, as Traccar's CombinedReportProvider (EXCLUDE_TYPES). */
const COMBINED_EXCLUDED_TYPES = new Set(['deviceMoving']);

/**
 * GET /api/reports/combined and /api/reports/geofences (JSON), with the other reports' scope
 * (deviceId, groupId, from, to, the same refusals).
 * - combined, per device: the route as [longitude, latitude] pairs, the events that point to a
 *   position (deviceMoving left out) and those positions;
 * - geofences: each stay of a device in a geofence (repeated `geofenceId` narrows them, each one
 *   the caller must reach), device by device, by start time.
 */
export function registerCombinedAndGeofenceReports(app: FastifyInstance, context: TrackerContext): void {
  const { positions, events, entities } = context;

  app.get('/api/reports/combined', async (request) => {
    const { devices, from, to } = await readReportScope(request, context);
    const items = [];
    for (const device of devices) {
      const route = await positions.history(device.id, from, to);
      const found = (await events.between([device.id], from, to)).filter((event) => event.positionId > 0 && !COMBINED_EXCLUDED_TYPES.has(event.type));
      const eventPositions = new Set(found.map((event) => event.positionId));
      items.push({
        deviceId: device.id,
        route: route.map((position) => [position.longitude, position.latitude]),
        events: found.map(eventToJson),
        positions: route.filter((position) => eventPositions.has(position.id)).map(positionToJson),
      });
    }
    return items;
  });

  app.get('/api/reports/geofences', async (request) => {
    const scope = await readReportScope(request, context);
    const geofenceIds = queryIntegers(scope.query, 'geofenceId', badRequest);
    if (!scope.user.administrator) {
      for (const id of geofenceIds) if (!(await entities.isReachable('geofence', scope.user.id, id))) throw badRequest('Geofence access denied');
    }
    const only = geofenceIds.length > 0 ? new Set(geofenceIds) : null;
    const items = [];
    for (const device of scope.devices) {
      const intervals = new GeofenceIntervals(only);
      await feedTrack(positions.track(device.id, scope.from, scope.to), intervals);
      for (const interval of intervals.result()) {
        items.push({ deviceId: device.id, deviceName: device.name, geofenceId: interval.geofenceId, startTime: formatDate(interval.startTime), endTime: formatDate(interval.endTime) });
      }
    }
    return items;
  });
}
