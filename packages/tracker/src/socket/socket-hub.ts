import type { WebSocket } from 'ws';
import type { DeviceJson } from '../entities/device';
import type { EventJson } from '../entities/event';
import { positionToJson, type PositionRecord } from '../entities/position';

/** Traccar's keep-alive: an empty object every 55 s, so proxies do not close an idle socket. */
export const KEEP_ALIVE_MS = 55_000;

interface Client {
  socket: WebSocket;
  userId: number;
  /** The devices this user sees: set when the socket opens, renewed by `refreshVisibility`. */
  deviceIds: ReadonlySet<number>;
}

/**
 * The open `/api/socket` connections and what each may hear. Every message has exactly one key,
 * as Traccar sends them: `{"positions":[…]}` or `{"devices":[…]}` — or `{}` to keep alive.
 */
export class SocketHub {
  private readonly clients = new Set<Client>();
  private readonly keepAlive: NodeJS.Timeout;

  constructor(keepAliveMs = KEEP_ALIVE_MS) {
    this.keepAlive = setInterval(() => this.broadcast(() => '{}'), keepAliveMs);
    // The keep-alive alone must not keep the process running.
    this.keepAlive.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  add(socket: WebSocket, userId: number, deviceIds: ReadonlySet<number>): void {
    const client: Client = { socket, userId, deviceIds };
    this.clients.add(client);
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => this.clients.delete(client));
  }

  /**
   * Recomputes what every connected user sees, after a change of devices or links (a device
   * created or deleted, a permission granted or revoked), once per user.
   */
  async refreshVisibility(visibleIds: (userId: number) => Promise<ReadonlySet<number>>): Promise<void> {
    const userIds = new Set([...this.clients].map((client) => client.userId));
    const visibility = new Map(await Promise.all([...userIds].map(async (userId) => [userId, await visibleIds(userId)] as const)));
    for (const client of this.clients) client.deviceIds = visibility.get(client.userId) ?? client.deviceIds;
  }

  /**
   * New fixes of one tick, one message per client with only the devices it sees. With 10,000
   * devices and hundreds of sockets this runs every second, so each fix is serialised once and
   * messages are assembled from those strings; sockets sharing a visibility set share the message.
   */
  publishPositions(positions: readonly PositionRecord[]): void {
    if (positions.length === 0) return;
    const serialised = new Map<number, string[]>();
    for (const position of positions) {
      const json = JSON.stringify(positionToJson(position));
      const forDevice = serialised.get(position.deviceId);
      if (forDevice) forDevice.push(json);
      else serialised.set(position.deviceId, [json]);
    }
    const messages = new Map<ReadonlySet<number>, string | null>();
    this.broadcast((client) => {
      let message = messages.get(client.deviceIds);
      if (message === undefined) {
        message = positionsMessage(serialised, client.deviceIds);
        messages.set(client.deviceIds, message);
      }
      return message;
    });
  }

  /** Devices whose status changed. */
  publishDevices(devices: readonly DeviceJson[]): void {
    if (devices.length === 0) return;
    this.broadcast((client) => {
      const visible = devices.filter((device) => client.deviceIds.has(device.id));
      return visible.length > 0 ? JSON.stringify({ devices: visible }) : null;
    });
  }

  /** Events for the users who must hear of them (see ../events/web-delivery.ts), of devices each socket sees. */
  publishEvents(eventsPerUser: ReadonlyMap<number, readonly EventJson[]>): void {
    if (eventsPerUser.size === 0) return;
    this.broadcast((client) => {
      const visible = (eventsPerUser.get(client.userId) ?? []).filter((event) => client.deviceIds.has(event.deviceId));
      return visible.length > 0 ? JSON.stringify({ events: visible }) : null;
    });
  }

  /** Closes every socket (server shutdown: 1001 "going away"). */
  close(): void {
    clearInterval(this.keepAlive);
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
  }

  private broadcast(messageFor: (client: Client) => string | null): void {
    for (const client of this.clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      const message = messageFor(client);
      if (message !== null) client.socket.send(message);
    }
  }
}

/** `{"positions":[…]}` with the fixes of the visible devices, walking the smaller of the two sets. */
function positionsMessage(serialised: ReadonlyMap<number, readonly string[]>, visible: ReadonlySet<number>): string | null {
  const parts: string[] = [];
  if (visible.size < serialised.size) {
    for (const deviceId of visible) parts.push(...(serialised.get(deviceId) ?? []));
  } else {
    for (const [deviceId, json] of serialised) if (visible.has(deviceId)) parts.push(...json);
  }
  return parts.length > 0 ? `{"positions":[${parts.join(',')}]}` : null;
}
