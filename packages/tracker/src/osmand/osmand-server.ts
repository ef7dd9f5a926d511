import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DevicesRepository } from '../db/devices-repository';
import type { NewPosition } from '../entities/position';
import type { DeviceRecord } from '../entities/device';
import { IngestQueue } from '../ingest/ingest-queue';
import type { PositionIngest } from '../ingest/position-ingest';
import type { LiveFleet } from '../live/live-fleet';
import { withDerivedAttributes } from './derived-attributes';
import { decodeOsmandJson, type OsmandJsonReport } from './osmand-json';
import { decodeOsmandRequest, OsmandRequestError, type OsmandParameters } from './osmand-request';
import type { StatusTimeout } from './status-timeout';

export interface OsmandServerDependencies {
  devices: DevicesRepository;
  live: LiveFleet;
  ingest: PositionIngest;
  statusTimeout: StatusTimeout;
}

/**
 * Traccar's OsmAnd port (5055 by default): the HTTP protocol of the Traccar Client app. Any
 * method and path; parameters in the query string and/or a form body, or the app's JSON body
 * (./osmand-json.ts). 200 (empty) when the position was taken, 400 when the device is unknown or
 * the request carries no usable fix.
 * A device that reports comes online; ./status-timeout.ts sends it offline when it falls silent.
 */
export async function buildOsmandServer(deps: OsmandServerDependencies, { logger }: { logger: boolean }): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { level: process.env.LOG_LEVEL || 'info' } : false });
  // Thousands of phones each posting once a second: concurrent reports are stored together, and
  // a device is looked up in the database at most once a second.
  const queue = new IngestQueue(deps.ingest);
  const findDevice = cachedLookup((uniqueId) => deps.devices.findByUniqueId(uniqueId), DEVICE_CACHE_MS);
  app.addHook('onClose', () => queue.idle());
  await app.register(formbody);
  // Whatever else a client posts is not ours to parse: the query string still counts.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    let reports: OsmandJsonReport[];
    try {
      reports = isJson(request) ? decodeOsmandJson(request.body) : [decodeOsmandRequest(parametersOf(request))];
    } catch (error) {
      if (!(error instanceof OsmandRequestError)) throw error;
      request.log.info({ reason: error.message }, 'osmand request refused');
      return reply.code(400).send();
    }
    const uniqueId = reports[0]?.uniqueId ?? '';
    const device = await findDevice(uniqueId);
    if (!device || device.disabled) {
      request.log.info({ uniqueId }, 'osmand report from an unknown device');
      return reply.code(400).send();
    }
    const now = new Date();
    const positions: NewPosition[] = [];
    let previous: NewPosition | undefined = deps.live.latestPosition(device.id);
    for (const report of reports) {
      // A report without coordinates (JSON without `coords`) stays where the device last was.
      const latitude = report.latitude ?? previous?.latitude;
      const longitude = report.longitude ?? previous?.longitude;
      if (latitude === undefined || longitude === undefined) return reply.code(400).send();
      const position: NewPosition = withDerivedAttributes(toPosition(device.id, { ...report, latitude, longitude }, now), previous);
      positions.push(position);
      previous = position;
    }
    deps.statusTimeout.reported(device.id, now);
    await queue.submit(positions, [{ deviceId: device.id, status: 'online' }]);
    return reply.code(200).send();
  };
  app.all('/', handle);
  app.all('/*', handle);
  return app;
}

/** How long a device found by its uniqueId is trusted (a disabled or edited device is seen within this). */
const DEVICE_CACHE_MS = 1000;

/** Known devices, remembered for `maxAgeMs`; an unknown uniqueId is asked again every time. */
function cachedLookup(find: (uniqueId: string) => Promise<DeviceRecord | null | undefined>, maxAgeMs: number) {
  const known = new Map<string, { device: DeviceRecord; at: number }>();
  return async (uniqueId: string): Promise<DeviceRecord | null> => {
    const now = Date.now();
    const cached = known.get(uniqueId);
    if (cached && now - cached.at < maxAgeMs) return cached.device;
    const device = (await find(uniqueId)) ?? null;
    if (device) known.set(uniqueId, { device, at: now });
    else known.delete(uniqueId);
    return device;
  };
}

function isJson(request: FastifyRequest): boolean {
  return typeof request.body === 'object' && request.body !== null && (request.headers['content-type'] ?? '').includes('json');
}

/** Query string and form body together; the body wins, as the later value does in Traccar. */
function parametersOf(request: FastifyRequest): OsmandParameters {
  const body = request.body && typeof request.body === 'object' ? (request.body as OsmandParameters) : {};
  return { ...(request.query as OsmandParameters), ...body };
}

function toPosition(deviceId: number, report: OsmandJsonReport & { latitude: number; longitude: number }, now: Date): NewPosition {
  const time = report.fixTime ?? now;
  return {
    deviceId,
    protocol: 'osmand',
    serverTime: now,
    deviceTime: time,
    fixTime: time,
    valid: report.valid,
    latitude: report.latitude,
    longitude: report.longitude,
    altitude: report.altitude,
    speed: report.speed,
    course: report.course,
    accuracy: report.accuracy,
    attributes: report.attributes,
  };
}
