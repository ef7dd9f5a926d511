import { QR_ACCESS_ATTRIBUTE, qrAccessSchema, qrDriverUserKeys, rastroAttributeKeys, userSchema, type QrAccess, type User } from '@rastro/shared/contract';
import type { ServiceAccount } from '../traccar/service-account';

/** A driver as the tracking server keeps it. */
export interface Driver {
  id: number;
  name: string;
  uniqueId: string;
  attributes?: Record<string, unknown>;
}

const sameNumber = (value: unknown, id: number) => value !== undefined && value !== null && value !== '' && Number(value) === id;

/**
 * The QR drivers' tracking-server users, read and written by the service account: one per driver
 * with QR access, found by `rastro.isQrDriverId`.
 */
export class DriverAccounts {
  constructor(private readonly serviceAccount: ServiceAccount) {}

  async users(): Promise<User[]> {
    return userSchema.array().parse(await this.serviceAccount.json({ path: '/api/users' }));
  }

  async userOfDriver(driverId: number): Promise<User | null> {
    return (await this.users()).find((user) => sameNumber(user.attributes[rastroAttributeKeys.isQrDriverId], driverId)) ?? null;
  }

  /** The QR drivers checked in to a device now. */
  async checkedInTo(deviceId: number): Promise<User[]> {
    return (await this.users()).filter((user) => sameNumber(user.attributes[rastroAttributeKeys.isQrDeviceId], deviceId));
  }

  /** Whether a user other than this driver's own already signs in with `username` (as login or email). */
  async usernameTaken(username: string, driverId: number | null): Promise<boolean> {
    const wanted = username.toLowerCase();
    return (await this.users()).some(
      (user) =>
        [user.login, user.email].some((name) => typeof name === 'string' && name.toLowerCase() === wanted) &&
        (driverId === null || !sameNumber(user.attributes[rastroAttributeKeys.isQrDriverId], driverId)),
    );
  }

  async driver(driverId: number): Promise<Driver> {
    return this.serviceAccount.json<Driver>({ path: `/api/drivers/${driverId}` });
  }

  async driverByUniqueId(uniqueId: string): Promise<Driver | null> {
    return (await this.serviceAccount.json<Driver[]>({ path: '/api/drivers?all=true' })).find((driver) => driver.uniqueId === uniqueId) ?? null;
  }

  /** The driver's QR settings (without password), or null when it has no QR access. */
  settingsOf(driver: Driver): QrAccess | null {
    const parsed = qrAccessSchema.safeParse(driver.attributes?.[QR_ACCESS_ATTRIBUTE]);
    return parsed.success ? parsed.data : null;
  }

  /**
   * Creates or updates the driver's user: login = username, read-only, no devices or users of its
   * own, tied to the driver and to the owner who gave the access. The password changes only when given.
   */
  async save(driver: Driver, access: QrAccess, ownerId: number): Promise<User> {
    const existing = await this.userOfDriver(driver.id);
    const fields = {
      name: driver.name,
      login: access.username,
      email: access.username,
      readonly: true,
      deviceLimit: 0,
      userLimit: 0,
      ...(access.password ? { password: access.password } : {}),
    };
    if (!existing) {
      const attributes = { [rastroAttributeKeys.isQrDriverId]: driver.id, [qrDriverUserKeys.ownerId]: ownerId };
      return userSchema.parse(await this.serviceAccount.json({ method: 'POST', path: '/api/users', json: { ...fields, attributes } }));
    }
    return this.update(existing, fields);
  }

  /** Saves changed fields or attributes (null removes an attribute) of a user. */
  async update(user: User, fields: Record<string, unknown>, attributes: Record<string, unknown> = {}): Promise<User> {
    const merged: Record<string, unknown> = { ...user.attributes };
    for (const [key, value] of Object.entries(attributes)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    const json = { ...user, ...fields, attributes: merged };
    return userSchema.parse(await this.serviceAccount.json({ method: 'PUT', path: `/api/users/${user.id}`, json }));
  }
}
