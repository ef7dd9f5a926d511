import { bus, socketMessageSchema, useDevicesStore, usePositionsStore, useRecentEventsStore } from '@rastro/shared';
import type { SocketMessage } from '@rastro/shared';
import { create } from 'zustand';
import { createMessageQueue } from './messageQueue';

/** SPEC §9: the socket reconnects 5 s after it closes. */
export const SOCKET_RECONNECT_MS = 5_000;

/** The live connection as the top bar shows it: `closed` between a close and the next open. */
export const useLiveStatusStore = create<{ status: 'connecting' | 'open' | 'closed' }>()(() => ({ status: 'connecting' }));

function setStatus(status: 'open' | 'closed'): void {
  useLiveStatusStore.setState({ status });
  bus.emit('socket:status', status);
}

export interface LiveSocket {
  stop(): void;
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/socket`;
}

/** Applies one socket message to the stores first, then tells the other areas over the bus. */
export function applySocketMessage(message: SocketMessage): void {
  if (message.positions?.length) {
    usePositionsStore.getState().apply(message.positions);
    bus.emit('positions:received', message.positions);
  }
  if (message.devices?.length) {
    useDevicesStore.getState().upsert(message.devices);
    bus.emit('devices:received', message.devices);
  }
  if (message.events?.length) {
    useRecentEventsStore.getState().add(message.events);
    bus.emit('events:received', message.events);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface LiveSocketOptions {
  createSocket?: (url: string) => WebSocket;
  /**
   * Asked before reconnecting after a socket that never opened (the server refused it or was down),
   * as the session may have gone with the server (a restart, an expiry): `true` reconnects; `false`
   * stops for good (the user was sent to log in). A socket that was open reconnects straight away.
   */
  keepSession?: () => Promise<boolean>;
  /** Called when the socket opens again after a close (issue 5: refresh devices and positions). */
  onReconnect?: () => void;
  /** The gateway says the server settings were saved (by any administrator, in any browser): read them again. */
  onServerChanged?: () => void;
}

/** The live connection to the tracking server; it keeps itself open until stopped. */
export function startLiveSocket({
  createSocket = (url) => new WebSocket(url),
  keepSession = () => Promise.resolve(true),
  onReconnect = () => undefined,
  onServerChanged = () => undefined,
}: LiveSocketOptions = {}): LiveSocket {
  let socket: WebSocket | null = null;
  let closedBefore = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const messages = createMessageQueue((message) => {
    const parsed = socketMessageSchema.safeParse(message);
    if (!parsed.success) console.warn('[rastro] ignored a socket message that does not match the contract', parsed.error.issues);
    else if (parsed.data.serverChanged) onServerChanged();
    else applySocketMessage(parsed.data);
  });

  const connect = () => {
    let opened = false;
    socket = createSocket(socketUrl());
    socket.onopen = () => {
      opened = true;
      setStatus('open');
      if (closedBefore) onReconnect();
    };
    socket.onmessage = (message: MessageEvent<string>) => messages.push(parseJson(message.data));
    socket.onclose = () => {
      closedBefore = true;
      setStatus('closed');
      if (!stopped) reconnectTimer = setTimeout(opened ? connect : checkThenConnect, SOCKET_RECONNECT_MS);
    };
  };
  const checkThenConnect = () => {
    keepSession().then(
      (kept) => {
        if (stopped) return;
        if (kept) connect();
        else stopped = true;
      },
      // An unexpected failure of the check is not a lost session: try the socket again.
      () => !stopped && connect(),
    );
  };
  connect();

  return {
    stop: () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      messages.clear();
      if (socket) {
        // A stopped socket's late close must not report the next session's connection as lost.
        socket.onclose = null;
        socket.onmessage = null;
        socket.close();
      }
      useLiveStatusStore.setState({ status: 'connecting' });
    },
  };
}
