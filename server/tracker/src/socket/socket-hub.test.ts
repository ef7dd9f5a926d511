import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { DeviceJson } from '../entities/device';
import type { PositionRecord } from '../entities/position';
import { POSITIONS_PER_MESSAGE, SocketHub } from './socket-hub';

/** Just what the hub uses of a ws socket. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: Array<Record<string, unknown>> = [];
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.readyState = 3;
    this.emit('close');
  }
}

function position(id: number, deviceId: number): PositionRecord {
  const time = new Date('2025-01-01T00:00:00Z');
  return { id, deviceId, protocol: 'osmand', serverTime: time, deviceTime: time, fixTime: time, valid: true, latitude: -23.5, longitude: -46.6, altitude: 0, speed: 10, course: 90, accuracy: 5, address: null, attributes: {} };
}

function device(id: number, status: 'online' | 'offline'): DeviceJson {
  return { id, attributes: {}, groupId: 0, calendarId: 0, name: `Device ${id}`, uniqueId: String(id), status, lastUpdate: null, positionId: 0, phone: null, model: null, contact: null, category: 'car', disabled: false, expirationTime: null };
}

describe('SocketHub', () => {
  let hub: SocketHub;
  afterEach(() => hub.close());

  it('sends each client only its devices, one key per message, and nothing when none of them changed', () => {
    hub = new SocketHub();
    const admin = new FakeSocket();
    const user = new FakeSocket();
    hub.add(admin as unknown as WebSocket, 1, new Set([1, 2, 3]));
    hub.add(user as unknown as WebSocket, 2, new Set([3]));

    hub.publishPositions([position(10, 1), position(11, 3)]);
    hub.publishDevices([device(2, 'offline')]);

    expect(admin.sent.map((message) => Object.keys(message))).toEqual([['positions'], ['devices']]);
    expect((admin.sent[0]?.positions as Array<{ deviceId: number }>).map((entry) => entry.deviceId)).toEqual([1, 3]);
    expect(admin.sent[1]).toEqual({ devices: [expect.objectContaining({ id: 2, status: 'offline' })] });
    expect(user.sent).toEqual([{ positions: [expect.objectContaining({ id: 11, deviceId: 3, speed: 10 })] }]);
  });

  it("sends a large tick in messages of at most POSITIONS_PER_MESSAGE fixes, every fix once, in order", () => {
    hub = new SocketHub();
    const admin = new FakeSocket();
    const deviceIds = Array.from({ length: POSITIONS_PER_MESSAGE * 2 + 1 }, (_, index) => index + 1);
    hub.add(admin as unknown as WebSocket, 1, new Set(deviceIds));
    hub.publishPositions(deviceIds.map((deviceId) => position(deviceId * 10, deviceId)));
    const sizes = admin.sent.map((message) => (message.positions as unknown[]).length);
    expect(sizes).toEqual([POSITIONS_PER_MESSAGE, POSITIONS_PER_MESSAGE, 1]);
    expect(admin.sent.flatMap((message) => (message.positions as Array<{ deviceId: number }>).map((entry) => entry.deviceId))).toEqual(deviceIds);
  });

  it('forgets closed sockets and sends the {} keep-alive', async () => {
    hub = new SocketHub(20);
    const open = new FakeSocket();
    const closed = new FakeSocket();
    hub.add(open as unknown as WebSocket, 1, new Set([1]));
    hub.add(closed as unknown as WebSocket, 1, new Set([1]));
    closed.close();
    expect(hub.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(open.sent).toContainEqual({});
    expect(closed.sent).toEqual([]);
  });
});
