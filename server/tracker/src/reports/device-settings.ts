import { toNumber } from '@rastro/db';
import type { DeviceRecord } from '../entities/device';
import { GROUP } from '../entities/entity-kinds';
import type { TrackerContext } from '../tracker-context';
import { tripsConfigFrom, type AttributeLookup, type TripsConfig } from './trips-config';

/**
 * A device's settings as Traccar's AttributeUtil.lookup reads them for a report: the device's own
 * attribute, else its group's, else the nearest ancestor group's, else the server's. Groups and
 * server settings are read once per report.
 */
export async function tripsConfigsFor({ entities, serverSettings }: Pick<TrackerContext, 'entities' | 'serverSettings'>): Promise<(device: DeviceRecord) => TripsConfig> {
  const [groups, server] = await Promise.all([entities.list(GROUP), serverSettings.get()]);
  const byId = new Map(groups.map((group) => [group.id, { parentId: toNumber(group.groupId), attributes: group.attributes ?? {} }]));
  return (device) => {
    const lookup: AttributeLookup = (key) => {
      if (device.attributes[key] !== undefined) return device.attributes[key];
      const seen = new Set<number>();
      for (let id = device.groupId; id > 0 && !seen.has(id); id = byId.get(id)?.parentId ?? 0) {
        seen.add(id);
        const value = byId.get(id)?.attributes[key];
        if (value !== undefined) return value;
      }
      return server.attributes[key];
    };
    return tripsConfigFrom(lookup);
  };
}
