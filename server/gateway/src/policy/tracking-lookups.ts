import { isSoftDeletedUniqueId, userSchema, type User } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import type { ServiceAccount } from '../traccar/service-account';
import { TraccarCallError, type Credentials, type TraccarClient } from '../traccar/traccar-client';
import { isAnchor } from './write-routes';

type DeviceRow = { uniqueId: string };

/** Devices that count: one removed in safe mode is gone for every purpose but its history. */
function countLive(devices: DeviceRow[]): number {
  return devices.filter((device) => !isSoftDeletedUniqueId(device.uniqueId)).length;
}

/** What the policy asks the tracking server: device counts and the target of a user write. */
export class TrackingLookups {
  constructor(
    private readonly traccar: TraccarClient,
    private readonly service: ServiceAccount,
  ) {}

  /** Every device of the installation, through the gateway's service account. */
  async countAllDevices(): Promise<number> {
    if (!this.service.configured) {
      throw new ApiError(503, 'SERVICE_ACCOUNT_REQUIRED', 'Installation-wide device limits need TRACCAR_SERVICE_USER and TRACCAR_SERVICE_PASSWORD');
    }
    return countLive(await this.service.json<DeviceRow[]>({ path: '/api/devices?all=true' }));
  }

  /** The devices this browser's user sees. */
  async countVisibleDevices(credentials: Credentials): Promise<number> {
    return countLive(await this.traccar.json<DeviceRow[]>({ path: '/api/devices', credentials }));
  }

  /** Whether the geofence, as the caller sees it, is a device's anchor; false when it does not exist or is out of reach. */
  async isAnchorGeofence(id: number, credentials: Credentials): Promise<boolean> {
    try {
      return isAnchor(await this.traccar.json<unknown>({ path: `/api/geofences/${id}`, credentials }));
    } catch (error) {
      if (error instanceof TraccarCallError) return false;
      throw error;
    }
  }

  /** The ids of the objects a list (`/api/geofences`…) shows the caller: what it reaches. */
  async reachableIds(path: string, credentials: Credentials): Promise<Set<number>> {
    return new Set((await this.traccar.json<Array<{ id: number }>>({ path, credentials })).map((item) => item.id));
  }

  /** Each group's parent (0 for none) among the groups the caller sees; an administrator sees them all. */
  async groupParents(credentials: Credentials, administrator: boolean): Promise<Map<number, number>> {
    const groups = await this.traccar.json<Array<{ id: number; groupId?: number | null }>>({ path: administrator ? '/api/groups?all=true' : '/api/groups', credentials });
    return new Map(groups.map((group) => [group.id, group.groupId ?? 0]));
  }

  /**
   * A user by id: through the service account when there is one (a manager cannot read an
   * administrator, yet must be told it may not touch one), else with the caller's credentials.
   * Null when it does not exist or is out of reach.
   */
  /** A user as the caller sees it (a manager: only the users it manages); null when out of its reach. */
  async userInReach(id: number, credentials: Credentials): Promise<User | null> {
    try {
      return userSchema.parse(await this.traccar.json<unknown>({ path: `/api/users/${id}`, credentials }));
    } catch (error) {
      if (error instanceof TraccarCallError) return null;
      throw error;
    }
  }

  async findUser(id: number, credentials: Credentials): Promise<User | null> {
    const call = { path: `/api/users/${id}` };
    try {
      return userSchema.parse(this.service.configured ? await this.service.json<unknown>(call) : await this.traccar.json<unknown>({ ...call, credentials }));
    } catch (error) {
      if (error instanceof TraccarCallError) return null;
      throw error;
    }
  }
}
