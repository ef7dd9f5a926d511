import { openDatabase } from '../db/open-database';
import { DevicesRepository } from '../db/devices-repository';
import { GroupsRepository } from '../db/groups-repository';
import { UsersRepository } from '../db/users-repository';
import { hashPassword } from '../session/password';

export const BENCH_PASSWORD = 'bench';
export const benchUserEmail = (index: number) => `bench-${String(index + 1).padStart(4, '0')}@rastro.bench`;

/**
 * `count` ordinary users, each seeing its own slice of the fleet (10,000 devices and 200 users:
 * 50 each), written straight into a tracker's database while it is stopped.
 */
export async function addClientUsers(dataDir: string, count: number): Promise<void> {
  const db = await openDatabase({ dataDir });
  try {
    const users = new UsersRepository(db);
    const groups = new GroupsRepository(db);
    const deviceIds = (await new DevicesRepository(db).findAll()).map((device) => device.id).sort((a, b) => a - b);
    const share = Math.max(1, Math.floor(deviceIds.length / count));
    // One hash for all: scrypt is slow on purpose, and these users only differ by name.
    const hashedPassword = await hashPassword(BENCH_PASSWORD);
    for (let index = 0; index < count; index++) {
      const email = benchUserEmail(index);
      const userId = await users.insert({ name: email, login: null, email, hashedPassword, administrator: false, readonly: false, deviceLimit: -1, userLimit: 0 });
      await groups.linkUserToDevices(userId, deviceIds.slice(index * share, (index + 1) * share));
    }
  } finally {
    await db.close();
  }
}
