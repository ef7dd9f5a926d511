import type { NotificationListener } from './database';

/** A channel name both drivers put in LISTEN as is: an unquoted identifier means the same everywhere. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkedChannel(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name "${channel}": lower-case letters, digits and _ only`);
  return channel;
}

/** Who listens to which channel, for a driver with one listening connection. */
export class ChannelListeners {
  private readonly byChannel = new Map<string, Set<NotificationListener>>();

  add(channel: string, listener: NotificationListener): void {
    const listeners = this.byChannel.get(channel) ?? new Set();
    listeners.add(listener);
    this.byChannel.set(channel, listeners);
  }

  /** Removes the listener; true when the channel has none left. */
  remove(channel: string, listener: NotificationListener): boolean {
    const listeners = this.byChannel.get(channel);
    if (!listeners?.delete(listener)) return false;
    if (listeners.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  notify(channel: string, payload: string): void {
    for (const listener of this.byChannel.get(channel) ?? []) {
      // One listener's failure must not keep the payload from the others, nor reach the driver's connection.
      try {
        listener.notification(payload);
      } catch (error) {
        listener.trouble?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  trouble(error: Error): void {
    for (const listener of this.all()) listener.trouble?.(error);
  }

  resumed(): void {
    for (const listener of this.all()) listener.resumed?.();
  }

  private all(): NotificationListener[] {
    return [...this.byChannel.values()].flatMap((listeners) => [...listeners]);
  }
}
