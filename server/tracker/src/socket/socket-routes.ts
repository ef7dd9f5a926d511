import type { FastifyInstance, FastifyRequest } from 'fastify';
import { positionToJson } from '../entities/position';
import type { UserRecord } from '../entities/user';
import { unauthorized } from '../http/errors';
import type { TrackerContext } from '../tracker-context';

/**
 * GET /api/socket: Traccar's live channel. Authenticated before the upgrade by `?token=` or the
 * session cookie only, as Traccar's AsyncSocketServlet (an Authorization header is ignored), so an
 * anonymous browser gets a plain HTTP 401 instead of a socket. On open
 * the client receives the latest position of every device it sees; the hub sends the rest.
 */
export function registerSocketRoutes(app: FastifyInstance, { auth, devices, live, sockets }: TrackerContext): void {
  const authenticatedUsers = new WeakMap<FastifyRequest, UserRecord>();

  app.get(
    '/api/socket',
    {
      websocket: true,
      preValidation: async (request) => {
        const user = await auth.socketUser(request);
        if (!user) throw unauthorized();
        authenticatedUsers.set(request, user);
      },
    },
    async (socket, request) => {
      const user = authenticatedUsers.get(request);
      if (!user) {
        socket.close(1008, 'unauthorized');
        return;
      }
      const deviceIds = await devices.visibleIds(user.id);
      if (socket.readyState !== socket.OPEN) return;
      sockets.add(socket, user.id, deviceIds);
      socket.once('close', auth.holdSessionForSocket(request));
      socket.send(JSON.stringify({ positions: live.latestPositions(deviceIds).map(positionToJson) }));
    },
  );
}
