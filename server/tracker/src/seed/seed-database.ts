import type { DevicesRepository } from '../db/devices-repository';
import type { EntityStore } from '../db/entity-store';
import type { GroupsRepository } from '../db/groups-repository';
import type { LinksRepository } from '../db/links-repository';
import type { UsersRepository } from '../db/users-repository';
import { hashPassword } from '../session/password';
import { DEMO_MAP_VIEW, DEMO_USERS, type DemoUserKey } from './demo-accounts';
import { DEMO_GROUPS, demoFleet, type DemoGroup } from './demo-fleet';
import { seedDemoObjects } from './seed-demo-objects';

export interface SeedRepositories {
  users: UsersRepository;
  devices: DevicesRepository;
  groups: GroupsRepository;
  entities: EntityStore;
  links: LinksRepository;
}

/** The regular user also gets this many cars of "Frota São Paulo", linked one by one. */
const USER_DIRECT_DEVICES = 3;
/** Each user the manager manages gets this many vehicles of "Entregas". */
const MANAGED_USER_DEVICES = 2;

/**
 * Fills an empty database with the demo: six accounts (administrator, user, read-only, a manager
 * and the two users it manages), three groups, `deviceCount` vehicles, and one or more of every
 * other Traccar object (see ./seed-demo-objects.ts). Does nothing when any user exists, so a
 * persistent database keeps what it has (and its edits). Returns true when it seeded.
 */
export async function seedDemoData(repositories: SeedRepositories, deviceCount: number, seed: number): Promise<boolean> {
  const { users, devices, groups, entities, links } = repositories;
  if ((await users.count()) > 0) return false;

  const userIds = {} as Record<DemoUserKey, number>;
  for (const [key, account] of Object.entries(DEMO_USERS) as Array<[DemoUserKey, (typeof DEMO_USERS)[DemoUserKey]]>) {
    userIds[key] = await users.insert({ ...account, hashedPassword: await hashPassword(account.password), ...DEMO_MAP_VIEW });
  }

  const groupIds = {} as Record<DemoGroup, number>;
  for (const key of Object.keys(DEMO_GROUPS) as DemoGroup[]) groupIds[key] = await groups.insert(DEMO_GROUPS[key]);

  const deviceIds: number[] = [];
  const directForUser: number[] = [];
  const deliveryVehicles: Array<{ id: number; name: string }> = [];
  for (const device of demoFleet(deviceCount, seed)) {
    const { group, ...fields } = device;
    const id = await devices.insert({ ...fields, groupId: groupIds[group] });
    deviceIds.push(id);
    if (group === 'saoPaulo' && device.category === 'car' && directForUser.length < USER_DIRECT_DEVICES) directForUser.push(id);
    if (group === 'deliveries') deliveryVehicles.push({ id, name: device.name });
  }

  // The administrator created the groups and the vehicles, and Traccar links what a user creates to
  // that user (LinkHelper): its plain GET /api/groups and /api/devices list them.
  for (const groupId of Object.values(groupIds)) await groups.linkUserToGroup(userIds.admin, groupId);
  // The regular user sees the "Entregas" group and a few cars; the read-only user the board's cars.
  await groups.linkUserToDevices(userIds.admin, deviceIds);
  await groups.linkUserToGroup(userIds.user, groupIds.deliveries);
  await groups.linkUserToDevices(userIds.user, directForUser);
  await groups.linkUserToGroup(userIds.readonly, groupIds.board);

  // The manager reaches its users' vehicles through them (Traccar's user_manageduser).
  const managed = [userIds.ana, userIds.bruno];
  for (const [index, userId] of managed.entries()) {
    await links.link('user', userIds.manager, 'managedUser', userId);
    const vehicles = deliveryVehicles.slice(index * MANAGED_USER_DEVICES, (index + 1) * MANAGED_USER_DEVICES);
    await groups.linkUserToDevices(userId, vehicles.map((vehicle) => vehicle.id));
  }

  await seedDemoObjects(entities, links, { adminId: userIds.admin, groupIds, anchoredDevice: deliveryVehicles[0] });
  return true;
}
