import type { FastifyRequest } from 'fastify';
import type { DeviceRecord } from '../entities/device';
import { GROUP } from '../entities/entity-kinds';
import type { UserRecord } from '../entities/user';
import { badRequest } from '../http/errors';
import { queryPeriod } from '../http/period';
import { queryIntegers, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';

/** Who asks for a report, over which devices and which period. */
export interface ReportScope {
  user: UserRecord;
  /** The requested devices and those of the requested groups (with subgroups), by name. */
  devices: DeviceRecord[];
  from: Date;
  to: Date;
  query: Query;
}

export type ScopeContext = Pick<TrackerContext, 'auth' | 'devices' | 'entities' | 'serverSettings'>;

/**
 * Reads and checks what every report takes: a session (else 401), reports not disabled for the
 * user or the server (Traccar's "Operation restricted"), `from` and `to` in ISO with a zone, and
 * repeated `deviceId` / `groupId` the caller reaches (administrators reach everything). Other
 * parameters (page, limit…) are left for the report or ignored.
 */
export async function readReportScope(request: FastifyRequest, { auth, devices, entities, serverSettings }: ScopeContext): Promise<ReportScope> {
  const user = await auth.requireUser(request);
  if (!user.administrator && (user.disableReports || (await serverSettings.get()).disableReports)) throw badRequest('Operation restricted');

  const query = request.query as Query;
  const { from, to } = queryPeriod(query);
  const deviceIds = queryIntegers(query, 'deviceId', badRequest);
  const groupIds = queryIntegers(query, 'groupId', badRequest);

  const reachable = user.administrator ? await devices.findAll() : await devices.findVisible(user.id);
  const reachableIds = new Set(reachable.map((device) => device.id));
  if (!user.administrator && deviceIds.some((id) => !reachableIds.has(id))) throw badRequest('Device access denied');

  const wanted = new Set(deviceIds);
  if (groupIds.length > 0) {
    const groups = await entities.list(GROUP, user.administrator ? {} : { reachableBy: user.id });
    const groupIdsReached = new Set(groups.map((group) => group.id));
    if (!user.administrator && groupIds.some((id) => !groupIdsReached.has(id))) throw badRequest('Group access denied');
    const inGroups = groupTree(groupIds, groups.map((group) => ({ id: group.id, parentId: Number(group.groupId ?? 0) })));
    for (const device of reachable) if (inGroups.has(device.groupId)) wanted.add(device.id);
  }
  return { user, devices: reachable.filter((device) => wanted.has(device.id)), from, to, query };
}

/** The groups and, recursively, their subgroups. */
export function groupTree(roots: number[], groups: { id: number; parentId: number }[]): Set<number> {
  const result = new Set<number>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop() as number;
    if (result.has(id)) continue;
    result.add(id);
    for (const group of groups) if (group.parentId === id) queue.push(group.id);
  }
  return result;
}
