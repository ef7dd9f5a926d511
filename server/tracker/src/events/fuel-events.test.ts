import { fuelEvents } from './fuel-events';
import { fix, fleetConfig } from './test-fixes';

// Device 1 sets its own thresholds; device 2 takes its group's drop threshold; device 3 has none.
const config = fleetConfig({
  devices: [
    { id: 1, name: 'Fiat Uno', groupId: 0, attributes: { fuelDropThreshold: 5, fuelIncreaseThreshold: 10 } },
    { id: 2, name: 'Truck 3', groupId: 10, attributes: {} },
    { id: 3, name: 'Van', groupId: 0, attributes: {} },
  ],
  groups: [{ id: 10, groupId: 0, attributes: { fuelDropThreshold: 20 } }],
});

const withFuel = (deviceId: number, secondsLater: number, fuel: unknown) => fix(deviceId, { secondsLater, attributes: fuel === undefined ? {} : { fuel } });
const typesOf = (deviceId: number, before: unknown, after: unknown) => fuelEvents(withFuel(deviceId, 1, after), withFuel(deviceId, 0, before), config).map((event) => event.type);

describe('fuel events', () => {
  it('a drop of at least fuelDropThreshold is a deviceFuelDrop on the fix that shows it', () => {
    const before = withFuel(1, 0, 40);
    const after = withFuel(1, 60, 35);
    expect(fuelEvents(after, before, config)).toEqual([expect.objectContaining({ type: 'deviceFuelDrop', deviceId: 1, positionId: after.id, eventTime: after.deviceTime })]);
    expect(typesOf(1, 40, 35.5)).toEqual([]);
  });

  it('a rise of at least fuelIncreaseThreshold is a deviceFuelIncrease', () => {
    expect(typesOf(1, 20, 30)).toEqual(['deviceFuelIncrease']);
    expect(typesOf(1, 20, 29)).toEqual([]);
  });

  it('takes the thresholds of the device’s group (or the server), and raises nothing without one', () => {
    expect(typesOf(2, 80, 60)).toEqual(['deviceFuelDrop']);
    expect(typesOf(2, 60, 90)).toEqual([]);
    expect(typesOf(3, 80, 10)).toEqual([]);
    const server = fleetConfig({ devices: [{ id: 3, name: 'Van', groupId: 0, attributes: {} }], serverAttributes: { fuelDropThreshold: 1 } });
    expect(fuelEvents(withFuel(3, 1, 8), withFuel(3, 0, 10), server).map((event) => event.type)).toEqual(['deviceFuelDrop']);
  });

  it('needs fuel on both fixes, and ignores late fixes', () => {
    expect(typesOf(1, undefined, 10)).toEqual([]);
    expect(typesOf(1, 40, undefined)).toEqual([]);
    expect(typesOf(1, '40', '30')).toEqual(['deviceFuelDrop']);
    expect(fuelEvents(withFuel(1, 0, 10), withFuel(1, 60, 40), config)).toEqual([]);
  });
});
