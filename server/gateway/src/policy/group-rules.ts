import { ApiError } from '../product/api-errors';
import type { WriteRule } from './write-context';
import { isRecord } from './write-routes';

/**
 * SPEC §3 groups form a tree: a group cannot become its own ancestor. The tracking server would
 * store the loop, and everything that walks a group's parents (devices of a group and its
 * subgroups, permissions through groups) would then walk in circles.
 */
export const groupCycleRule: WriteRule = async ({ write, route, credentials, caller, lookups }) => {
  if (route?.pattern !== '/api/groups/:id' || write.id === undefined || !isRecord(write.body)) return;
  const parent = Number(write.body.groupId ?? 0);
  if (!Number.isInteger(parent) || parent <= 0) return;
  const loop = () => new ApiError(400, 'GROUP_CYCLE', 'A group cannot become its own ancestor', ['groupId']);
  if (parent === write.id) throw loop();
  const parents = await lookups.groupParents(credentials, Boolean(caller.administrator));
  const seen = new Set<number>();
  for (let ancestor = parent; ancestor > 0 && !seen.has(ancestor); ancestor = parents.get(ancestor) ?? 0) {
    if (ancestor === write.id) throw loop();
    seen.add(ancestor);
  }
};
