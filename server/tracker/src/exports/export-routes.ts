import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import JSZip from 'jszip';
import type { DeviceRecord } from '../entities/device';
import type { PositionRecord } from '../entities/position';
import { badRequest } from '../http/errors';
import { queryPeriod } from '../http/period';
import { queryInteger, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';
import { positionsCsv, positionsGpx, positionsKml } from './route-files';

interface ExportScope {
  device: DeviceRecord;
  from: Date;
  to: Date;
  positions: PositionRecord[];
}

interface RouteFormat {
  extension: string;
  mime: string;
  body(scope: ExportScope, query: Query): string | Promise<Buffer>;
}

const kml = ({ device, from, to, positions }: ExportScope) => positionsKml(device.name, from, to, positions);

const FORMATS: readonly RouteFormat[] = [
  {
    extension: 'csv',
    mime: 'text/csv',
    // `geofenceId`: only the fixes that lay in that geofence.
    body: ({ positions }, query) => {
      const geofenceId = queryInteger(query, 'geofenceId', badRequest);
      return positionsCsv(geofenceId > 0 ? positions.filter((position) => position.geofenceIds?.includes(geofenceId)) : positions);
    },
  },
  { extension: 'gpx', mime: 'application/gpx+xml', body: ({ device, positions }) => positionsGpx(device.name, positions) },
  { extension: 'kml', mime: 'application/vnd.google-earth.kml+xml', body: kml },
  {
    extension: 'kmz',
    mime: 'application/vnd.google-earth.kmz',
    // A KMZ is the KML zipped as doc.kml.
    body: (scope) => new JSZip().file('doc.kml', kml(scope)).generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
  },
];

/**
 * GET /api/positions/{csv|gpx|kml|kmz}?deviceId=&from=&to= (Traccar's PositionResource exports):
 * one device the caller reaches, its history in the period (capped like /api/positions), as an
 * attachment named positions.<extension>.
 */
export function registerExportRoutes(app: FastifyInstance, context: TrackerContext): void {
  for (const format of FORMATS) {
    app.get(`/api/positions/${format.extension}`, async (request, reply) => send(reply, format, await readScope(request, context), request.query as Query));
  }
}

async function readScope(request: FastifyRequest, { auth, devices, positions }: TrackerContext): Promise<ExportScope> {
  const user = await auth.requireUser(request);
  const query = request.query as Query;
  const deviceId = queryInteger(query, 'deviceId', badRequest);
  const { from, to } = queryPeriod(query);
  const device = await devices.findById(deviceId);
  if (!device || (!user.administrator && !(await devices.visibleIds(user.id)).has(deviceId))) throw badRequest('Device access denied');
  return { device, from, to, positions: await positions.history(deviceId, from, to) };
}

async function send(reply: FastifyReply, format: RouteFormat, scope: ExportScope, query: Query): Promise<FastifyReply> {
  return reply
    .type(format.mime)
    .header('content-disposition', `attachment; filename=positions.${format.extension}`)
    .send(await format.body(scope, query));
}
