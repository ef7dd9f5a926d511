import { deviceRemovedMessage } from '@rastro/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SocketRelay } from '../proxy/socket-relay';
import type { Credentials, TraccarClient } from '../traccar/traccar-client';
import type { RemovedDevice } from './safe-delete';

/**
 * Tells the open browsers whose session reaches a device just removed in safe mode that it is gone
 * (SPEC §3: hidden everywhere), in the `devices` message their stores already drop such a device
 * on. Without it they would learn only on their next device-list load: the relay hides the
 * device's own messages, and the tracking server sends devices only on status changes anyway.
 */
export function announceRemoval(relay: Pick<SocketRelay, 'tell'>, traccar: TraccarClient, device: RemovedDevice, log: FastifyBaseLogger): void {
  // The tracking server still serves the renamed device to whoever reaches it: its own access rules decide who is told.
  const reaches = async (credentials: Credentials) => {
    const answer = await traccar.send({ path: `/api/devices/${device.id}`, credentials });
    await answer.body?.cancel();
    return answer.status === 200;
  };
  relay.tell(JSON.stringify(deviceRemovedMessage(device)), reaches).catch((error: unknown) => log.warn({ err: error, deviceId: device.id }, 'safe delete: open browsers not told'));
}
