import type { DevicesRepository } from '../db/devices-repository';
import type { GroupsRepository } from '../db/groups-repository';
import type { UsersRepository } from '../db/users-repository';
import { hashPassword } from '../session/password';
import { DEMO_MAP_VIEW, DEMO_USERS } from './demo-accounts';
import { DEMO_GROUPS, demoFleet, type DemoGroup } from './demo-fleet';

export interface SeedRepositories {
  users: UsersRepository;
  devices: DevicesRepository;
  groups: GroupsRepository;
}

/** The regular user also gets this many cars of "Frota São Paulo", linked one by one. */
const USER_DIRECT_DEVICES = 3;

/**
 * Fills an empty database with the demo: two accounts, three groups and `deviceCount` vehicles.
 * Does nothing when any user exists, so a persistent database keeps what it has (and its edits).
 * Returns true when it seeded.
 */
export async function seedDemoData(repositories: SeedRepositories, deviceCount: number, seed: number): Promise<boolean> {
  const { users, devices, groups } = repositories;
  if ((await users.count()) > 0) return false;

  const [adminAccount, regularAccount] = DEMO_USERS;
  const insertUser = async (account: (typeof DEMO_USERS)[number]) =>
    users.insert({ ...account, hashedPassword: await hashPassword(account.password), ...DEMO_MAP_VIEW });
  const admin = await insertUser(adminAccount);
  const regular = await insertUser(regularAccount);

  const groupIds = {} as Record<DemoGroup, number>;
  for (const key of Object.keys(DEMO_GROUPS) as DemoGroup[]) groupIds[key] = await groups.insert(DEMO_GROUPS[key]);

  const deviceIds: number[] = [];
  const directForUser: number[] = [];
  for (const device of demoFleet(deviceCount, seed)) {
    const { group, ...fields } = device;
    const id = await devices.insert({ ...fields, groupId: groupIds[group] });
    deviceIds.push(id);
    if (group === 'saoPaulo' && device.category === 'car' && directForUser.length < USER_DIRECT_DEVICES) directForUser.push(id);
  }

  // The administrator sees the whole fleet through direct links (as Traccar links what a user creates);
  // the regular user sees the "Entregas" group and a few cars.
  await groups.linkUserToDevices(admin, deviceIds);
  await groups.linkUserToGroup(regular, groupIds.deliveries);
  await groups.linkUserToDevices(regular, directForUser);
  return true;
}
