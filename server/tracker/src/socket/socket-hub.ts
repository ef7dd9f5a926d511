import type { WebSocket } from 'ws';
import type { DeviceJson } from '../entities/device';
import type { EventJson } from '../entities/event';
import { positionToJson, type PositionRecord } from '../entities/position';

/** Traccar's keep-alive: an empty object every 55 s, so proxies do not close an idle socket. */
export const KEEP_ALIVE_MS = 55_000;

/**
 * Fixes per `{"positions":[…]}` message. Traccar sends each update as it comes; a tick of a large
 * simulated fleet in one message (thousands of fixes, megabytes) made a browser spend 50–100 ms
 * decoding and parsing it in one go, so a tick goes out in messages of this size.
 */
export const POSITIONS_PER_MESSAGE = 500;

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
    this.keepAlive = setInterval(() => this.broadcast(() => ['{}']), keepAliveMs);
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
   * New fixes of one tick, for each client only the devices it sees. With 10,000
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
    const messagesByVisibility = new Map<ReadonlySet<number>, readonly string[]>();
    this.broadcast((client) => {
      let messages = messagesByVisibility.get(client.deviceIds);
      if (messages === undefined) {
        messages = positionsMessages(serialised, client.deviceIds);
        messagesByVisibility.set(client.deviceIds, messages);
      }
      return messages;
    });
  }

  /** Devices whose status changed. */
  publishDevices(devices: readonly DeviceJson[]): void {
    if (devices.length === 0) return;
    this.broadcast((client) => {
      const visible = devices.filter((device) => client.deviceIds.has(device.id));
      return visible.length > 0 ? [JSON.stringify({ devices: visible })] : [];
    });
  }

  /** Events for the users who must hear of them (see ../events/web-delivery.ts), of devices each socket sees. */
  publishEvents(eventsPerUser: ReadonlyMap<number, readonly EventJson[]>): void {
    if (eventsPerUser.size === 0) return;
    this.broadcast((client) => {
      const visible = (eventsPerUser.get(client.userId) ?? []).filter((event) => client.deviceIds.has(event.deviceId));
      return visible.length > 0 ? [JSON.stringify({ events: visible })] : [];
    });
  }

  /** Closes every socket (server shutdown: 1001 "going away"). */
  close(): void {
    clearInterval(this.keepAlive);
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
  }

  private broadcast(messagesFor: (client: Client) => readonly string[]): void {
    for (const client of this.clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      for (const message of messagesFor(client)) client.socket.send(message);
    }
  }
}

/** `{"positions":[…]}` messages with the fixes of the visible devices, walking the smaller of the two sets. */
function positionsMessages(serialised: ReadonlyMap<number, readonly string[]>, visible: ReadonlySet<number>): string[] {
  const parts: string[] = [];
  if (visible.size < serialised.size) {
    for (const deviceId of visible) parts.push(...(serialised.get(deviceId) ?? []));
  } else {
    for (const [deviceId, json] of serialised) if (visible.has(deviceId)) parts.push(...json);
  }
  const messages: string[] = [];
  for (let start = 0; start < parts.length; start += POSITIONS_PER_MESSAGE) messages.push(`{"positions":[${parts.slice(start, start + POSITIONS_PER_MESSAGE).join(',')}]}`);
  return messages;
}
