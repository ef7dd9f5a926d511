import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactingLoggerOptions } from '../http/log-serializers';
import type { DevicesRepository } from '../db/devices-repository';
import type { NewPosition } from '../entities/position';
import type { FleetConfigSource } from '../events/fleet-config-cache';
import { IngestQueue } from '../ingest/ingest-queue';
import type { PositionIngest } from '../ingest/position-ingest';
import type { LiveFleet } from '../live/live-fleet';
import { tripsConfigFrom } from '../reports/trips-config';
import { withDerivedAttributesInOrder } from './derived-attributes';
import { decodeOsmandJson } from './osmand-json';
import { OsmandRequestError } from './osmand-errors';
import { decodeOsmandRequest, type OsmandParameters, type OsmandReport } from './osmand-request';
import { positionFromReport } from './report-position';
import type { StatusTimeout } from './status-timeout';

export interface OsmandServerDependencies {
  devices: DevicesRepository;
  /** The in-memory fleet configuration (refreshed within a second of a change): devices by uniqueId. */
  fleetConfig: FleetConfigSource;
  live: LiveFleet;
  ingest: PositionIngest;
  statusTimeout: StatusTimeout;
}

/**
 * Traccar's OsmAnd port (5055 by default): the HTTP protocol of the Traccar Client app. Any
 * method and path; parameters in the query string and/or a form body, or the app's JSON body
 * (./osmand-json.ts). 200 (empty) when the position was taken, 400 when the device is unknown or
 * the request cannot be read. A report without coordinates is taken at the device's last place
 * (./report-position.ts).
 * A device that reports comes online; ./status-timeout.ts marks it unknown when it falls silent.
 */
export async function buildOsmandServer(deps: OsmandServerDependencies, { logger, logStream }: { logger: boolean; logStream?: { write(line: string): void } }): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { ...redactingLoggerOptions(process.env.LOG_LEVEL || 'info'), ...(logStream ? { stream: logStream } : {}) } : false });
  // Thousands of phones each posting once a second: concurrent reports are stored together, and
  // devices are found in memory, not with a query per report.
  // Distance, odometer, motion and hours are derived per step, so concurrent reports of one device chain.
  const queue = new IngestQueue(deps.ingest, async (positions) => {
    const config = await deps.fleetConfig.current();
    // Traccar's MotionHandler threshold, looked up on the device, its groups, then the server.
    const motionThreshold = (deviceId: number) => tripsConfigFrom((key) => config.deviceAttribute(deviceId, key)).speedThreshold;
    return withDerivedAttributesInOrder(positions, (deviceId) => deps.live.latestPosition(deviceId), motionThreshold);
  });
  const findDevice = async (uniqueId: string): Promise<{ id: number; disabled?: boolean } | null> =>
    // A device created less than a second ago may not be in memory yet: then the database.
    (await deps.fleetConfig.current()).deviceByUniqueId(uniqueId) ?? (await deps.devices.findByUniqueId(uniqueId));
  app.addHook('onClose', () => queue.idle());
  await app.register(formbody);
  // Whatever else a client posts is not ours to parse: the query string still counts.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    let reports: OsmandReport[];
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
      const position = positionFromReport(device.id, report, previous, now);
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

function isJson(request: FastifyRequest): boolean {
  return typeof request.body === 'object' && request.body !== null && (request.headers['content-type'] ?? '').includes('json');
}

/** Query string and form body together; the body wins, as the later value does in Traccar. */
function parametersOf(request: FastifyRequest): OsmandParameters {
  const body = request.body && typeof request.body === 'object' ? (request.body as OsmandParameters) : {};
  return { ...(request.query as OsmandParameters), ...body };
}
