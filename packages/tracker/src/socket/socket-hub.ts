import type { WebSocket } from 'ws';
import type { DeviceJson } from '../entities/device';
import { positionToJson, type PositionRecord } from '../entities/position';

/** Traccar's keep-alive: an empty object every 55 s, so proxies do not close an idle socket. */
export const KEEP_ALIVE_MS = 55_000;

interface Client {
  socket: WebSocket;
  userId: number;
  /** The devices this user sees, fixed when the socket opens (permissions do not change at runtime here). */
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

  /** New fixes of one simulator tick, one message per client with only the devices it sees. */
  publishPositions(positions: readonly PositionRecord[]): void {
    if (positions.length === 0) return;
    const json = positions.map((position) => ({ deviceId: position.deviceId, json: positionToJson(position) }));
    this.broadcast((client) => {
      const visible = json.filter((entry) => client.deviceIds.has(entry.deviceId)).map((entry) => entry.json);
      return visible.length > 0 ? JSON.stringify({ positions: visible }) : null;
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
