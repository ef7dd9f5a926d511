import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DevicesRepository } from '../db/devices-repository';
import type { NewPosition } from '../entities/position';
import type { PositionIngest } from '../ingest/position-ingest';
import type { LiveFleet } from '../live/live-fleet';
import { withDerivedAttributes } from './derived-attributes';
import { decodeOsmandRequest, OsmandRequestError, type OsmandParameters, type OsmandReport } from './osmand-request';
import type { StatusTimeout } from './status-timeout';

export interface OsmandServerDependencies {
  devices: DevicesRepository;
  live: LiveFleet;
  ingest: PositionIngest;
  statusTimeout: StatusTimeout;
}

/**
 * Traccar's OsmAnd port (5055 by default): the HTTP protocol of the Traccar Client app. Any
 * method and path; parameters in the query string and/or a form body. 200 (empty) when the
 * position was taken, 400 when the device is unknown or the request carries no usable fix.
 * A device that reports comes online; ./status-timeout.ts sends it offline when it falls silent.
 */
export async function buildOsmandServer(deps: OsmandServerDependencies, { logger }: { logger: boolean }): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { level: process.env.LOG_LEVEL || 'info' } : false });
  await app.register(formbody);
  // Whatever else a client posts is not ours to parse: the query string still counts.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    let report: OsmandReport;
    try {
      report = decodeOsmandRequest(parametersOf(request));
    } catch (error) {
      if (!(error instanceof OsmandRequestError)) throw error;
      request.log.info({ reason: error.message }, 'osmand request refused');
      return reply.code(400).send();
    }
    const device = await deps.devices.findByUniqueId(report.uniqueId);
    if (!device || device.disabled) {
      request.log.info({ uniqueId: report.uniqueId }, 'osmand report from an unknown device');
      return reply.code(400).send();
    }
    const now = new Date();
    const position = withDerivedAttributes(toPosition(device.id, report, now), deps.live.latestPosition(device.id));
    deps.statusTimeout.reported(device.id, now);
    await deps.ingest.ingest([position], [{ deviceId: device.id, status: 'online' }], now);
    return reply.code(200).send();
  };
  app.all('/', handle);
  app.all('/*', handle);
  return app;
}

/** Query string and form body together; the body wins, as the later value does in Traccar. */
function parametersOf(request: FastifyRequest): OsmandParameters {
  const body = request.body && typeof request.body === 'object' ? (request.body as OsmandParameters) : {};
  return { ...(request.query as OsmandParameters), ...body };
}

function toPosition(deviceId: number, report: OsmandReport, now: Date): NewPosition {
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
