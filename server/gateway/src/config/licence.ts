import { editions, UNLIMITED, type Edition } from '@rastro/shared/contract';
import type { ServiceAccountCredentials } from '../traccar/service-account';

/** What this installation is licensed for. */
export interface Licence {
  /** `paid` turns on the paid-edition features (advanced permissions among them). */
  edition: Edition;
  /** Devices the whole installation may hold; -1 for no limit. */
  deviceLimit: number;
}

/** The demo shows every feature: paid edition, no device limit. */
export const defaultLicence: Licence = { edition: 'paid', deviceLimit: UNLIMITED };

/**
 * RASTRO_EDITION (paid | free, default paid) and RASTRO_LICENSE_DEVICE_LIMIT (default -1,
 * unlimited), named as GatewayOptions takes them.
 */
export function licenceFromEnv(env: NodeJS.ProcessEnv = process.env): { edition: Edition; licenseDeviceLimit: number } {
  const edition = env.RASTRO_EDITION?.trim().toLowerCase() || defaultLicence.edition;
  if (!editions.includes(edition as Edition)) throw new Error(`RASTRO_EDITION must be one of ${editions.join(', ')}, got "${env.RASTRO_EDITION}"`);
  const rawLimit = env.RASTRO_LICENSE_DEVICE_LIMIT?.trim();
  const licenseDeviceLimit = rawLimit ? Number(rawLimit) : defaultLicence.deviceLimit;
  if (!Number.isInteger(licenseDeviceLimit) || licenseDeviceLimit < UNLIMITED) {
    throw new Error(`RASTRO_LICENSE_DEVICE_LIMIT must be a whole number (-1 for unlimited), got "${rawLimit}"`);
  }
  return { edition: edition as Edition, licenseDeviceLimit };
}

/** TRACCAR_SERVICE_USER / TRACCAR_SERVICE_PASSWORD, both or neither; `fallback` when neither is set. */
export function serviceAccountFromEnv(env: NodeJS.ProcessEnv = process.env, fallback?: ServiceAccountCredentials): ServiceAccountCredentials | undefined {
  const user = env.TRACCAR_SERVICE_USER?.trim();
  const password = env.TRACCAR_SERVICE_PASSWORD;
  if (!user && !password) return fallback;
  if (!user || !password) throw new Error('Set both TRACCAR_SERVICE_USER and TRACCAR_SERVICE_PASSWORD, or neither');
  return { user, password };
}
