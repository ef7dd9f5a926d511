import type { FastifyInstance } from 'fastify';
import { checkAdmin } from '../api/access';
import { queryPeriod } from '../http/period';
import type { Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';

/**
 * Counts every request a signed-in user makes (Traccar's security filter registers them) and
 * serves GET /api/statistics?from=&to= to administrators: the stored daily captures.
 */
export function registerStatistics(app: FastifyInstance, { auth, statistics }: TrackerContext): void {
  app.addHook('onResponse', async (request) => {
    const userId = auth.callerOf(request);
    if (userId !== null) statistics.counter.registerRequest(userId);
  });

  app.get('/api/statistics', async (request) => {
    checkAdmin(await auth.requireUser(request));
    const query = request.query as Query;
    const { from, to } = queryPeriod(query);
    return statistics.repository.between(from, to);
  });
}
