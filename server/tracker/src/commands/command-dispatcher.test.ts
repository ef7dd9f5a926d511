import { FleetSimulation } from '../simulator/fleet-simulation';
import { SimulatedCommandTransport } from '../simulator/simulated-command-transport';
import { CommandDispatcher, type QueuedCommand } from './command-dispatcher';

describe('CommandDispatcher with the simulated fleet', () => {
  const simulation = new FleetSimulation({ seed: 5, intervalMs: 1000, devices: Array.from({ length: 20 }, (_, index) => ({ deviceId: index + 1, category: 'car' })) });
  const dispatcher = new CommandDispatcher();
  dispatcher.addTransport(new SimulatedCommandTransport(simulation));
  const fixOf = (deviceId: number, time: number) => simulation.step(new Date(time)).positions.find((position) => position.deviceId === deviceId);

  it('keeps commands for an offline vehicle and delivers them, in order, when it comes back', () => {
    const vehicle = simulation.vehicles.find((candidate) => !candidate.isOnline);
    if (!vehicle) throw new Error('the fleet should have an offline vehicle');
    const sent: QueuedCommand[][] = [];
    dispatcher.onQueuedCommandsSent((_deviceId, commands) => sent.push([...commands]));

    const first = dispatcher.send({ deviceId: vehicle.deviceId, type: 'engineStop', textChannel: false, attributes: {} });
    const second = dispatcher.send({ deviceId: vehicle.deviceId, type: 'alarmArm', textChannel: false, attributes: {} });
    expect(first).toMatchObject({ deviceId: vehicle.deviceId, type: 'engineStop' });
    expect(second?.id).toBeGreaterThan(first?.id ?? Infinity);
    expect(dispatcher.queued(vehicle.deviceId)).toHaveLength(2);
    // Still offline: nothing goes out.
    dispatcher.deviceConnected(vehicle.deviceId);
    expect(sent).toEqual([]);

    vehicle.comeOnline();
    dispatcher.deviceConnected(vehicle.deviceId);
    expect(sent).toEqual([[first, second]]);
    expect(dispatcher.queued(vehicle.deviceId)).toEqual([]);
    // The last command's answer rides on the next fix; both took effect.
    expect(fixOf(vehicle.deviceId, Date.UTC(2025, 0, 1))?.attributes).toMatchObject({ blocked: true, armed: true, result: 'alarmArm: OK' });
  });

  it('answers devices it does not drive with custom only, and queues for them', () => {
    expect(dispatcher.supportedTypes(999, false)).toEqual(['custom']);
    expect(dispatcher.send({ deviceId: 999, type: 'custom', textChannel: false, attributes: { data: 'x' } })).toMatchObject({ deviceId: 999 });
  });
});
