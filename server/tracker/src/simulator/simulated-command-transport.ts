import type { CommandTransport, DeviceCommand } from '../commands/command-transport';
import type { FleetSimulation } from './fleet-simulation';

/** What the simulated trackers understand over data, and by SMS. */
const DATA_COMMANDS = ['custom', 'positionSingle', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'outputControl', 'rebootDevice', 'deviceIdentification'];
const TEXT_COMMANDS = ['custom', 'positionSingle', 'engineStop', 'engineResume', 'rebootDevice'];

/**
 * Commands to the simulated fleet: an online vehicle takes them at once (live, as a connected
 * tracker would) and answers in its next fix; SMS reaches it the same way.
 */
export class SimulatedCommandTransport implements CommandTransport {
  readonly protocol = 'simulator';

  constructor(private readonly simulation: FleetSimulation) {}

  serves(deviceId: number): boolean {
    return this.simulation.has(deviceId);
  }

  isConnected(deviceId: number): boolean {
    return this.simulation.statusOf(deviceId) === 'online';
  }

  supportedTypes(textChannel: boolean): readonly string[] {
    return textChannel ? TEXT_COMMANDS : DATA_COMMANDS;
  }

  deliver(command: DeviceCommand): void {
    this.simulation.receiveCommand(command.deviceId, command.type, command.attributes);
  }
}
