import { bus, deviceRemovedMessage, useDevicesStore, usePositionsStore } from '@rastro/shared';
import { SOCKET_RECONNECT_MS, applySocketMessage, socketUrl, startLiveSocket, useLiveStatusStore } from './liveSocket';

const position = { id: 1, deviceId: 5, latitude: -23.5, longitude: -46.6, speed: 12, course: 0, attributes: {} };
const device = { id: 5, name: 'Van 5', uniqueId: '355', status: 'online' as const, attributes: {} };

class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  close() {
    this.onclose?.();
  }
}

const fakeSocket = (url: string) => new FakeSocket(url) as unknown as WebSocket;

describe('live socket', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    usePositionsStore.getState().clear();
    useDevicesStore.getState().clear();
  });

  it('uses the page host, with wss on https', () => {
    expect(socketUrl({ protocol: 'https:', host: 'frota.example:8443' })).toBe('wss://frota.example:8443/api/socket');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/socket');
  });

  it('applies positions and devices to the stores before telling the bus', () => {
    const seen: number[] = [];
    const listener = () => seen.push(Object.keys(usePositionsStore.getState().latestByDeviceId).length);
    bus.on('positions:received', listener);
    applySocketMessage({ positions: [position], devices: [device] });
    bus.off('positions:received', listener);
    expect(seen).toEqual([1]);
    expect(useDevicesStore.getState().byId[5]?.name).toBe('Van 5');
  });

  it('drops a device the gateway says was removed in safe mode, as it comes off the wire', () => {
    const live = startLiveSocket({ createSocket: fakeSocket });
    const wire = FakeSocket.opened[0]!;
    wire.onmessage?.({ data: JSON.stringify({ devices: [device] }) });
    expect(useDevicesStore.getState().byId[5]).toBeDefined();
    wire.onmessage?.({ data: JSON.stringify(deviceRemovedMessage({ id: 5, name: 'Van 5', uniqueId: 'deleted-355-1767225600000' })) });
    expect(useDevicesStore.getState().byId[5]).toBeUndefined();
    live.stop();
  });

  it('asks for the server settings again when the gateway says they were saved', () => {
    const onServerChanged = jest.fn();
    const live = startLiveSocket({ createSocket: fakeSocket, onServerChanged });
    FakeSocket.opened[0]!.onmessage?.({ data: JSON.stringify({ serverChanged: true }) });
    expect(onServerChanged).toHaveBeenCalledTimes(1);
    live.stop();
  });

  it("applies a large fleet's message a slice per task, every fix in the end", async () => {
    jest.useFakeTimers();
    const live = startLiveSocket({ createSocket: fakeSocket });
    const fleet = Array.from({ length: 2_500 }, (_, index) => ({ ...position, id: index + 1, deviceId: index + 1 }));
    FakeSocket.opened[0]!.onmessage?.({ data: JSON.stringify({ positions: fleet }) });
    expect(Object.keys(usePositionsStore.getState().latestByDeviceId)).toHaveLength(1_000);
    await jest.runAllTimersAsync();
    expect(Object.keys(usePositionsStore.getState().latestByDeviceId)).toHaveLength(2_500);
    live.stop();
    jest.useRealTimers();
  });

  it('reads messages off the wire and reconnects 5 s after a close until stopped', async () => {
    jest.useFakeTimers();
    const live = startLiveSocket({ createSocket: fakeSocket });
    FakeSocket.opened[0]!.onmessage?.({ data: JSON.stringify({ positions: [position] }) });
    expect(usePositionsStore.getState().latestByDeviceId[5]?.speed).toBe(12);

    FakeSocket.opened[0]!.onclose?.();
    await jest.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS - 1);
    expect(FakeSocket.opened).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeSocket.opened).toHaveLength(2);

    live.stop();
    await jest.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 2);
    expect(FakeSocket.opened).toHaveLength(2);
    jest.useRealTimers();
  });

  it('refreshes the fleet only when it opens again after a close, and reports the connection state', async () => {
    jest.useFakeTimers();
    const onReconnect = jest.fn();
    const live = startLiveSocket({ createSocket: fakeSocket, onReconnect });
    FakeSocket.opened[0]!.onopen?.();
    expect(onReconnect).not.toHaveBeenCalled();
    expect(useLiveStatusStore.getState().status).toBe('open');

    FakeSocket.opened[0]!.onclose?.();
    expect(useLiveStatusStore.getState().status).toBe('closed');
    await jest.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    FakeSocket.opened[1]!.onopen?.();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(useLiveStatusStore.getState().status).toBe('open');

    live.stop();
    expect(useLiveStatusStore.getState().status).toBe('connecting');
    jest.useRealTimers();
  });

  it('ignores a message that is not JSON or not the contract', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const live = startLiveSocket({ createSocket: fakeSocket });
    FakeSocket.opened[0]!.onmessage?.({ data: 'not json' });
    FakeSocket.opened[0]!.onmessage?.({ data: JSON.stringify({ positions: [{ id: 'x' }] }) });
    expect(usePositionsStore.getState().latestByDeviceId).toEqual({});
    expect(warn).toHaveBeenCalledTimes(2);
    live.stop();
  });

  it('after a socket that never opened, asks whether the session is still there before reconnecting, and stops when it is gone', async () => {
    jest.useFakeTimers();
    const answers = [true, false];
    const keepSession = jest.fn(() => Promise.resolve(answers.shift() ?? false));
    const live = startLiveSocket({ createSocket: fakeSocket, keepSession });
    // A socket that was open comes back at once, without asking.
    FakeSocket.opened[0]!.onopen?.();
    FakeSocket.opened[0]!.onclose?.();
    await jest.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    expect(keepSession).not.toHaveBeenCalled();
    expect(FakeSocket.opened).toHaveLength(2);
    FakeSocket.opened.shift();

    // Refused (the server is back without the session): ask first.
    FakeSocket.opened[0]!.onclose?.();
    await jest.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    expect(keepSession).toHaveBeenCalledTimes(1);
    expect(FakeSocket.opened).toHaveLength(2);

    // The session went with the server: no new socket, ever.
    FakeSocket.opened[1]!.onclose?.();
    await jest.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 3);
    expect(keepSession).toHaveBeenCalledTimes(2);
    expect(FakeSocket.opened).toHaveLength(2);
    live.stop();
    jest.useRealTimers();
  });

  it('a check that fails unexpectedly still tries the socket again', async () => {
    jest.useFakeTimers();
    const live = startLiveSocket({ createSocket: fakeSocket, keepSession: () => Promise.reject(new Error('offline')) });
    FakeSocket.opened[0]!.onclose?.();
    await jest.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    expect(FakeSocket.opened).toHaveLength(2);
    live.stop();
    jest.useRealTimers();
  });
});
