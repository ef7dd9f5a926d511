import type { User } from '@rastro/shared/contract';
import type { ServiceAccount } from '../traccar/service-account';

interface DeviceRef {
  id: number;
}

const PARALLEL_LOOKUPS = 8;

/**
 * The users other than administrators who reach a device (directly or through a group). Traccar
 * has no "users of a device" query, so each such user's device list is read — a cost paid only
 * when a device is claimed by IMEI.
 */
export async function nonAdministratorOwners(serviceAccount: ServiceAccount, deviceId: number): Promise<User[]> {
  const users = (await serviceAccount.json<User[]>({ path: '/api/users' })).filter((user) => !user.administrator);
  const owners: User[] = [];
  for (let start = 0; start < users.length; start += PARALLEL_LOOKUPS) {
    const batch = users.slice(start, start + PARALLEL_LOOKUPS);
    const reached = await Promise.all(
      batch.map(async (user) => (await serviceAccount.json<DeviceRef[]>({ path: `/api/devices?userId=${user.id}` })).some((device) => device.id === deviceId)),
    );
    owners.push(...batch.filter((_user, index) => reached[index]));
  }
  return owners;
}
