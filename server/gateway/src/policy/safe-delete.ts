import { attributeFlag, rastroAttributeKeys, softDeletedUniqueId, type Server } from '@rastro/shared/contract';
import type { Credentials, TraccarClient } from '../traccar/traccar-client';
import { outOfItsGroup } from './hidden-devices';

export function safeDeleteOn(server: Server): boolean {
  return attributeFlag(server.attributes, rastroAttributeKeys.safeDelete);
}

/** The tracking server's answer to pass on when it refused part of a safe delete. */
export interface Refusal {
  status: number;
  contentType: string | null;
  body: string;
}

/** A device as the safe delete left it: renamed, hidden from now on. */
export interface RemovedDevice {
  id: number;
  name: string;
  uniqueId: string;
}

/**
 * Safe mode (server attribute `rastro.safeDelete`): instead of deleting device `id` and its
 * history, rename its uniqueId (see @rastro/shared's soft-delete.ts) and take it out of its group
 * (see HiddenDeviceIds), with the caller's own credentials so the tracking server still checks
 * that this user may change the device.
 * The device as renamed when done; otherwise the tracking server's refusal, to pass on as it is.
 */
export async function softDeleteDevice(traccar: TraccarClient, id: number, credentials: Credentials): Promise<{ removed: RemovedDevice } | { refusal: Refusal }> {
  const read = await traccar.send({ path: `/api/devices/${id}`, credentials });
  if (read.status !== 200) return { refusal: await refusalOf(read) };
  const device = (await read.json()) as Record<string, unknown> & { uniqueId: string; name: string };
  const uniqueId = softDeletedUniqueId(device.uniqueId);
  const written = await traccar.send({ method: 'PUT', path: `/api/devices/${id}`, credentials, json: outOfItsGroup({ ...device, uniqueId }) });
  if (written.status >= 300) return { refusal: await refusalOf(written) };
  await written.body?.cancel();
  return { removed: { id, name: device.name, uniqueId } };
}

async function refusalOf(response: Response): Promise<Refusal> {
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
}
