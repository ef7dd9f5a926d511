import type { FastifyInstance } from 'fastify';
import { parseIsoDate } from '../entities/dates';
import { positionToJson, type PositionRecord } from '../entities/position';
import type { UserRecord } from '../entities/user';
import { badRequest } from '../http/errors';
import { queryInteger, queryIntegers, queryString, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';

/**
 * GET /api/positions, as Traccar's PositionResource:
 * - repeated `id`: those positions (each must belong to a device the caller reaches);
 * - no `deviceId`: the latest position of every device the caller sees (from memory);
 * - `deviceId` + `from` + `to` (ISO with zone): that device's history by fix time (capped at 50,000);
 * - `deviceId` alone: that device's latest position.
 */
export function registerPositionRoutes(app: FastifyInstance, { auth, devices, positions, live }: TrackerContext): void {
  /** Administrators reach every device; others the ones linked to them. */
  async function checkDeviceAccess(user: UserRecord, deviceIds: number[]): Promise<void> {
    if (user.administrator) return;
    const visible = await devices.visibleIds(user.id);
    if (deviceIds.some((deviceId) => !visible.has(deviceId))) throw badRequest('Device access denied');
  }

  app.get('/api/positions', async (request) => {
    const user = await auth.requireUser(request);
    const query = request.query as Query;
    const positionIds = queryIntegers(query, 'id', badRequest);
    const deviceId = queryInteger(query, 'deviceId', badRequest);

    let result: PositionRecord[];
    if (positionIds.length > 0) {
      result = await positions.findByIds(positionIds);
      await checkDeviceAccess(user, [...new Set(result.map((position) => position.deviceId))]);
    } else if (deviceId === 0) {
      result = live.latestPositions(await devices.visibleIds(user.id));
    } else {
      await checkDeviceAccess(user, [deviceId]);
      const fromText = queryString(query, 'from');
      const toText = queryString(query, 'to');
      if (fromText !== undefined && toText !== undefined) {
        const from = parseIsoDate(fromText);
        const to = parseIsoDate(toText);
        if (!from || !to) throw badRequest('Dates must be ISO 8601 with a time zone, e.g. 2024-05-01T00:00:00Z');
        result = await positions.history(deviceId, from, to);
      } else {
        const latest = live.latestPosition(deviceId);
        result = latest ? [latest] : [];
      }
    }
    return result.map(positionToJson);
  });
}
