/** A command on its way to one device: what Traccar's QueuedCommand holds. */
export interface DeviceCommand {
  deviceId: number;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}

/**
 * How commands reach the devices of one kind of connection (the simulator's devices; a real
 * protocol server would be another). Devices no transport serves can only queue commands.
 */
export interface CommandTransport {
  /** The protocol name refusals mention ("Command x is not supported in protocol …"). */
  readonly protocol: string;
  /** Whether the device belongs to this transport at all. */
  serves(deviceId: number): boolean;
  /** Whether the device is connected now, so a command reaches it at once. */
  isConnected(deviceId: number): boolean;
  /** The command types the device's protocol understands over data or text (SMS). */
  supportedTypes(textChannel: boolean): readonly string[];
  deliver(command: DeviceCommand): void;
}
