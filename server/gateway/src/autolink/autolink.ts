import { deviceSchema, type AutolinkRequest, type AutolinkResult, type Device, type User } from '@rastro/shared/contract';
import type { WritePolicy } from '../policy/write-policy';
import { ApiError } from '../product/api-errors';
import type { ServiceAccount } from '../traccar/service-account';
import { TraccarCallError, type Credentials, type TraccarClient } from '../traccar/traccar-client';
import { nonAdministratorOwners } from './device-owners';

export interface AutolinkDependencies {
  traccar: TraccarClient;
  serviceAccount: ServiceAccount;
  writePolicy: WritePolicy;
}

/**
 * Adds a device to the caller by IMEI. The caller must be allowed to create a device at all (the
 * /api write policy: account state, advanced permissions, device limits), whichever way it goes:
 * - a device with that uniqueId the caller already reaches → alreadyLinked (renamed if asked);
 * - one reached by no user but administrators (stock) → linked to the caller by the service account;
 * - one someone else has → 409 DEVICE_ALREADY_LINKED;
 * - none → created with the caller's own credentials, so the tracking server's limits apply too.
 */
export async function autolink({ traccar, serviceAccount, writePolicy }: AutolinkDependencies, caller: User, credentials: Credentials, request: AutolinkRequest, domain?: string): Promise<AutolinkResult> {
  const fields = { name: request.name ?? request.uniqueId, uniqueId: request.uniqueId, ...(request.category ? { category: request.category } : {}) };
  const permit = await writePolicy.check({ method: 'POST', path: '/api/devices', credentials, domain, readBody: async () => fields });
  try {
    return await linkOrCreate({ traccar, serviceAccount }, caller, credentials, request, fields);
  } finally {
    permit.release();
  }
}

async function linkOrCreate(
  { traccar, serviceAccount }: Omit<AutolinkDependencies, 'writePolicy'>,
  caller: User,
  credentials: Credentials,
  request: AutolinkRequest,
  fields: Record<string, string>,
): Promise<AutolinkResult> {
  // Traccar's `uniqueId` filter only searches the asker's own devices, administrators included: read them all.
  const existing = (await serviceAccount.json<Device[]>({ path: '/api/devices?all=true' })).find((device) => device.uniqueId === request.uniqueId);
  if (!existing) return { outcome: 'created', device: await createAsCaller(traccar, credentials, fields) };

  const owners = await nonAdministratorOwners(serviceAccount, existing.id);
  if (owners.some((owner) => owner.id === caller.id)) return { outcome: 'alreadyLinked', device: await renamed(serviceAccount, existing, request) };
  if (owners.length > 0) throw new ApiError(409, 'DEVICE_ALREADY_LINKED', 'This device belongs to another user');
  await serviceAccount.json({ method: 'POST', path: '/api/permissions', json: { userId: caller.id, deviceId: existing.id } });
  return { outcome: 'linked', device: await renamed(serviceAccount, existing, request) };
}

async function createAsCaller(traccar: TraccarClient, credentials: Credentials, fields: Record<string, string>): Promise<Device> {
  try {
    return deviceSchema.parse(await traccar.json({ method: 'POST', path: '/api/devices', json: fields, credentials }));
  } catch (error) {
    if (!(error instanceof TraccarCallError)) throw error;
    // Traccar's own refusals: its device limit ("Device limit reached"), or a device made meanwhile.
    if (/limit/i.test(error.body)) throw new ApiError(400, 'USER_DEVICE_LIMIT_REACHED', 'Your device limit is reached');
    throw new ApiError(error.status >= 500 ? 502 : 400, 'DEVICE_NOT_CREATED', error.message);
  }
}

/** The device with the name and category the caller gave, saved when they differ. */
async function renamed(serviceAccount: ServiceAccount, device: Device, request: AutolinkRequest): Promise<Device> {
  const name = request.name ?? device.name;
  const category = request.category ?? device.category;
  if (name === device.name && category === device.category) return device;
  return deviceSchema.parse(await serviceAccount.json({ method: 'PUT', path: `/api/devices/${device.id}`, json: { ...device, name, category } }));
}
