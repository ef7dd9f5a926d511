import { CUSTOM_ONLY } from './command-types';
import type { CommandTransport, DeviceCommand } from './command-transport';

/** A command kept until its device connects: Traccar's QueuedCommand JSON. */
export interface QueuedCommand extends DeviceCommand {
  id: number;
}

export type QueuedCommandsListener = (deviceId: number, sent: readonly QueuedCommand[]) => void;

/**
 * Traccar's CommandsManager: a command goes straight to a connected device that can take live
 * commands, otherwise it is queued (in memory here) and sent when the device connects. Devices no
 * transport serves — OsmAnd phones, devices never heard of — only ever queue.
 */
export class CommandDispatcher {
  private readonly transports: CommandTransport[] = [];
  private readonly queues = new Map<number, QueuedCommand[]>();
  private readonly listeners: QueuedCommandsListener[] = [];
  private nextQueuedId = 1;

  addTransport(transport: CommandTransport): void {
    this.transports.push(transport);
  }

  /** Hears of queued commands delivered when their device came back (Traccar's queuedCommandSent). */
  onQueuedCommandsSent(listener: QueuedCommandsListener): void {
    this.listeners.push(listener);
  }

  supportedTypes(deviceId: number, textChannel: boolean): readonly string[] {
    return this.transportOf(deviceId)?.supportedTypes(textChannel) ?? CUSTOM_ONLY;
  }

  /** Delivers the command (returns null) or queues it (returns the queued command). */
  send(command: DeviceCommand): QueuedCommand | null {
    const transport = this.transportOf(command.deviceId);
    if (transport?.isConnected(command.deviceId)) {
      // As Traccar's protocols do: a connected device refuses what it does not understand.
      if (!transport.supportedTypes(command.textChannel).includes(command.type)) throw new Error(`Command ${command.type} is not supported in protocol ${transport.protocol}`);
      transport.deliver(command);
      return null;
    }
    const queued: QueuedCommand = { id: this.nextQueuedId++, ...command };
    this.queues.set(command.deviceId, [...(this.queues.get(command.deviceId) ?? []), queued]);
    return queued;
  }

  queued(deviceId: number): readonly QueuedCommand[] {
    return this.queues.get(deviceId) ?? [];
  }

  /** The device connected: its queued commands go out now, in the order they were sent. */
  deviceConnected(deviceId: number): void {
    const transport = this.transportOf(deviceId);
    const queue = this.queues.get(deviceId);
    if (!transport || !queue || !transport.isConnected(deviceId)) return;
    this.queues.delete(deviceId);
    for (const command of queue) transport.deliver(command);
    for (const listener of this.listeners) listener(deviceId, queue);
  }

  private transportOf(deviceId: number): CommandTransport | undefined {
    return this.transports.find((transport) => transport.serves(deviceId));
  }
}
