import { attributeFlag, rastroAttributeKeys, softDeletedUniqueId, type Server } from '@rastro/shared/contract';
import type { Credentials, TraccarClient } from '../traccar/traccar-client';

export function safeDeleteOn(server: Server): boolean {
  return attributeFlag(server.attributes, rastroAttributeKeys.safeDelete);
}

/** The tracking server's answer to pass on when it refused part of a safe delete. */
export interface Refusal {
  status: number;
  contentType: string | null;
  body: string;
}

/**
 * Safe mode (server attribute `rastro.safeDelete`): instead of deleting device `id` and its
 * history, rename its uniqueId (see @rastro/shared's soft-delete.ts), with the caller's own
 * credentials so the tracking server still checks that this user may change the device.
 * Null when done; otherwise the tracking server's refusal, to pass on as it is.
 */
export async function softDeleteDevice(traccar: TraccarClient, id: number, credentials: Credentials): Promise<Refusal | null> {
  const read = await traccar.send({ path: `/api/devices/${id}`, credentials });
  if (read.status !== 200) return refusalOf(read);
  const device = (await read.json()) as Record<string, unknown> & { uniqueId: string };
  const written = await traccar.send({ method: 'PUT', path: `/api/devices/${id}`, credentials, json: { ...device, uniqueId: softDeletedUniqueId(device.uniqueId) } });
  if (written.status >= 300) return refusalOf(written);
  await written.body?.cancel();
  return null;
}

async function refusalOf(response: Response): Promise<Refusal> {
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
}
