import type { NewPosition } from '../entities/position';
import { SAO_PAULO_CENTRE } from './area';
import { FleetSimulation, SIMULATED_DRIVER_IDS, type SimulatedDevice } from './fleet-simulation';
import { distanceMetres, knotsToKmh } from './geo';
import { MAX_SIMULATED_KMH } from './vehicle-profile';

const CATEGORIES = ['car', 'truck', 'van', 'motorcycle', 'bus', 'pickup', 'person', 'bicycle'];

function devices(count: number): SimulatedDevice[] {
  return Array.from({ length: count }, (_, index) => ({ deviceId: index + 1, category: CATEGORIES[index % CATEGORIES.length] ?? 'car' }));
}

/** Runs `steps` steps `intervalMs` apart and returns what each step reported. */
function run(simulation: FleetSimulation, steps: number, intervalMs = 1000, start = Date.UTC(2025, 0, 1)) {
  return Array.from({ length: steps }, (_, index) => simulation.step(new Date(start + index * intervalMs)));
}

const coordinates = (positions: NewPosition[]) => positions.map((position) => [position.deviceId, position.latitude, position.longitude, position.speed]);

describe('FleetSimulation', () => {
  it('is deterministic for a seed, and another seed gives another fleet', () => {
    const first = run(new FleetSimulation({ seed: 7, intervalMs: 1000, devices: devices(30) }), 120);
    const again = run(new FleetSimulation({ seed: 7, intervalMs: 1000, devices: devices(30) }), 120);
    const other = run(new FleetSimulation({ seed: 8, intervalMs: 1000, devices: devices(30) }), 120);
    expect(first.map((step) => coordinates(step.positions))).toEqual(again.map((step) => coordinates(step.positions)));
    expect(first.map((step) => step.statusChanges)).toEqual(again.map((step) => step.statusChanges));
    expect(first.map((step) => coordinates(step.positions))).not.toEqual(other.map((step) => coordinates(step.positions)));
  });

  it('moves the drivers every step, at road speeds given in knots', () => {
    const simulation = new FleetSimulation({ seed: 1, intervalMs: 1000, devices: devices(20) });
    const drivers = simulation.vehicles.filter((vehicle) => vehicle.role === 'driver').map((vehicle) => vehicle.deviceId);
    expect(drivers.length).toBeGreaterThanOrEqual(14);
    const steps = run(simulation, 60);
    const first = new Map(steps[0]?.positions.map((position) => [position.deviceId, position]));
    const last = new Map(steps[59]?.positions.map((position) => [position.deviceId, position]));
    for (const deviceId of drivers) {
      expect(steps.filter((step) => !step.positions.some((position) => position.deviceId === deviceId))).toEqual([]);
      const from = first.get(deviceId) as NewPosition;
      const to = last.get(deviceId) as NewPosition;
      // A minute at 4 km/h (a walking person) is already ~65 m.
      expect(distanceMetres(from, to)).toBeGreaterThan(30);
    }
    const all = steps.flatMap((step) => step.positions);
    expect(all.filter((position) => position.speed < 0 || knotsToKmh(position.speed) > MAX_SIMULATED_KMH + 1e-6)).toEqual([]);
    expect(all.filter((position) => position.course < 0 || position.course >= 360)).toEqual([]);
    expect(new Set(all.map((position) => position.protocol))).toEqual(new Set(['osmand']));
    const driverFixes = all.filter((position) => drivers.includes(position.deviceId));
    expect(driverFixes.filter((position) => !(position.speed > 0) || position.attributes.ignition !== true || position.attributes.motion !== true)).toEqual([]);
    // Motor vehicles drive at 20–90 km/h: 10.8–48.6 knots.
    const carSpeeds = steps.flatMap((step) => step.positions).filter((position) => position.deviceId % 8 === 1 && position.speed > 0);
    expect(carSpeeds.filter((position) => knotsToKmh(position.speed) > 90 + 1e-6)).toEqual([]);
    expect(Math.max(...carSpeeds.map((position) => knotsToKmh(position.speed)))).toBeGreaterThan(20);
  });

  it('keeps at least 60% of the fleet online and moving at every moment, near São Paulo', () => {
    // Long runs use 2–5 s steps: same behaviour, fewer steps (each is slow under Jest).
    const simulation = new FleetSimulation({ seed: 3, intervalMs: 2000, devices: devices(60) });
    // Aggregated first and asserted once: a million expect() calls would slow the run down.
    let fewestMoving = Infinity;
    let farthest = 0;
    for (const step of run(simulation, 10 * 30, 2000)) {
      fewestMoving = Math.min(fewestMoving, step.positions.filter((position) => position.speed > 0).length);
      for (const position of step.positions) farthest = Math.max(farthest, distanceMetres(position, SAO_PAULO_CENTRE));
    }
    expect(fewestMoving / 60).toBeGreaterThanOrEqual(0.6);
    expect(farthest).toBeLessThan(20_000);
  });

  it('offline devices send nothing; now and then one drops offline or comes back', () => {
    const simulation = new FleetSimulation({ seed: 5, intervalMs: 5000, devices: devices(60) });
    const online = new Map(simulation.vehicles.map((vehicle) => [vehicle.deviceId, vehicle.isOnline]));
    expect([...online.values()].filter((isOnline) => !isOnline)).toHaveLength(6);
    let changes = 0;
    let fixesFromOffline = 0;
    let inconsistentChanges = 0;
    for (const step of run(simulation, 30 * 12, 5000)) {
      for (const change of step.statusChanges) {
        if (online.get(change.deviceId) !== (change.status === 'offline')) inconsistentChanges++;
        online.set(change.deviceId, change.status === 'online');
        changes++;
      }
      fixesFromOffline += step.positions.filter((position) => !online.get(position.deviceId)).length;
    }
    expect(fixesFromOffline).toBe(0);
    expect(inconsistentChanges).toBe(0);
    expect(changes).toBeGreaterThan(5);
    for (const [deviceId, isOnline] of online) expect(simulation.statusOf(deviceId)).toBe(isOnline ? 'online' : 'offline');
  });

  it('accumulates odometer and engine hours, with distance since the previous fix', () => {
    const simulation = new FleetSimulation({ seed: 2, intervalMs: 1000, devices: devices(10) });
    const previous = new Map<number, NewPosition>();
    const problems: string[] = [];
    for (const step of run(simulation, 300)) {
      for (const position of step.positions) {
        const before = previous.get(position.deviceId);
        const total = position.attributes.totalDistance as number;
        if (before) {
          const previousTotal = before.attributes.totalDistance as number;
          if (total < previousTotal) problems.push(`odometer went back on ${position.deviceId}`);
          if (Math.abs((position.attributes.distance as number) - (total - previousTotal)) > 0.05) problems.push(`distance off on ${position.deviceId}`);
          if ((position.attributes.hours as number) < (before.attributes.hours as number)) problems.push(`hours went back on ${position.deviceId}`);
        }
        previous.set(position.deviceId, position);
      }
    }
    expect(problems).toEqual([]);
    expect(Math.max(...[...previous.values()].map((position) => position.attributes.totalDistance as number))).toBeGreaterThan(1000);
  });

  it('parked vehicles still report now and then, with the ignition off; cyclers switch it on and off', () => {
    const simulation = new FleetSimulation({ seed: 4, intervalMs: 2000, devices: devices(60) });
    const parked = simulation.vehicles.find((vehicle) => vehicle.role === 'parked' && vehicle.isOnline);
    const cycler = simulation.vehicles.find((vehicle) => vehicle.role === 'cycler');
    if (!parked || !cycler) throw new Error('the fleet should have parked vehicles and cyclers');
    const steps = run(simulation, 20 * 30, 2000).flatMap((step) => step.positions);
    const parkedFixes = steps.filter((position) => position.deviceId === parked.deviceId);
    if (parked.isOnline) {
      expect(parkedFixes.length).toBeGreaterThanOrEqual(5);
      expect(parkedFixes.length).toBeLessThan(100);
    }
    for (const fix of parkedFixes) expect(fix).toMatchObject({ speed: 0, attributes: expect.objectContaining({ ignition: false, motion: false }) });
    const ignitions = new Set(steps.filter((position) => position.deviceId === cycler.deviceId).map((position) => position.attributes.ignition));
    expect(ignitions).toEqual(new Set([true, false]));
  });

  it('gives never-seen devices a first position: now when online, hours ago when offline', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    const simulation = new FleetSimulation({ seed: 1, intervalMs: 1000, devices: devices(30) });
    const initial = simulation.initialPositions(
      simulation.vehicles.map((vehicle) => vehicle.deviceId),
      now,
    );
    expect(initial).toHaveLength(30);
    for (const position of initial) {
      const vehicle = simulation.vehicles.find((candidate) => candidate.deviceId === position.deviceId);
      if (vehicle?.isOnline) expect(position.fixTime).toEqual(now);
      else expect(now.getTime() - position.fixTime.getTime()).toBeGreaterThanOrEqual(2 * 3600_000);
      expect(distanceMetres(position, SAO_PAULO_CENTRE)).toBeLessThan(12_500);
    }
  });

  it('resumes from the last stored position and accumulators', () => {
    const simulation = new FleetSimulation({
      seed: 1,
      intervalMs: 1000,
      devices: [{ deviceId: 1, category: 'car', lastPosition: { latitude: -23.6, longitude: -46.7, attributes: { totalDistance: 5000, hours: 7200_000 } } }],
    });
    const [fix] = simulation.step(new Date()).positions;
    expect(fix).toBeDefined();
    expect(distanceMetres(fix as NewPosition, { latitude: -23.6, longitude: -46.7 })).toBeLessThan(50);
    expect(fix?.attributes.totalDistance as number).toBeGreaterThan(5000);
    expect(fix?.attributes.hours as number).toBeGreaterThan(7200_000);
  });

  it('counts on from an odometer and engine hours a user reset', () => {
    const simulation = new FleetSimulation({
      seed: 1,
      intervalMs: 1000,
      devices: [{ deviceId: 1, category: 'car', lastPosition: { latitude: -23.6, longitude: -46.7, attributes: { totalDistance: 900_000, hours: 90_000_000 } } }],
    });
    simulation.step(new Date());
    simulation.resetAccumulators(1, { totalDistance: 10, hours: null });
    const [fix] = simulation.step(new Date()).positions;
    expect(fix?.attributes.totalDistance as number).toBeGreaterThanOrEqual(10);
    expect(fix?.attributes.totalDistance as number).toBeLessThan(100);
    expect(fix?.attributes.hours as number).toBeGreaterThan(90_000_000);
  });

  it('drains the battery of parked vehicles and charges it while driving, and reports it in volts too', () => {
    const simulation = new FleetSimulation({ seed: 6, intervalMs: 5000, devices: devices(60) });
    const first = new Map<number, NewPosition>();
    const last = new Map<number, NewPosition>();
    for (const step of run(simulation, 12 * 30, 5000)) {
      for (const position of step.positions) {
        if (!first.has(position.deviceId)) first.set(position.deviceId, position);
        last.set(position.deviceId, position);
      }
    }
    const level = (position: NewPosition | undefined) => position?.attributes.batteryLevel as number;
    const change = (role: string) => simulation.vehicles.filter((vehicle) => vehicle.role === role && last.has(vehicle.deviceId)).map((vehicle) => level(last.get(vehicle.deviceId)) - level(first.get(vehicle.deviceId)));
    // Half an hour parked: about 9% less (or at the floor); driving: full or charging.
    expect(change('parked').filter((delta) => delta > 0)).toEqual([]);
    expect(Math.min(...change('parked'))).toBeLessThan(-5);
    expect(change('driver').filter((delta) => delta < 0)).toEqual([]);
    for (const position of last.values()) {
      const volts = position.attributes.battery as number;
      expect(volts).toBeGreaterThanOrEqual(3.5);
      expect(volts).toBeLessThanOrEqual(4.2);
    }
  });

  it('raises an alarm somewhere in the fleet every minute or two, the same ones for a seed', () => {
    const alarmsOf = (seed: number) =>
      run(new FleetSimulation({ seed, intervalMs: 2000, devices: devices(60) }), 30 * 30, 2000)
        .flatMap((step) => step.positions)
        .filter((position) => position.attributes.alarm !== undefined)
        .map((position) => ({ deviceId: position.deviceId, alarm: position.attributes.alarm as string, kmh: knotsToKmh(position.speed), time: position.fixTime.getTime() }));
    const alarms = alarmsOf(9);
    // 30 minutes: about 20 expected.
    expect(alarms.length).toBeGreaterThanOrEqual(10);
    expect(alarms.length).toBeLessThanOrEqual(40);
    expect(alarms).toEqual(alarmsOf(9));
    expect(new Set(alarms.map((entry) => entry.alarm)).size).toBeGreaterThanOrEqual(3);
    const overspeeds = alarms.filter((entry) => entry.alarm === 'overspeed');
    expect(overspeeds.length).toBeGreaterThan(0);
    // Over 80 km/h when the alarm went off; braking for a corner during the 2 s step costs up to ~22 km/h.
    expect(overspeeds.filter((entry) => entry.kmh < 80 - 22)).toEqual([]);
  });

  it('some vehicles carry the id of their driver, who changes from one ignition cycle to the next', () => {
    const simulation = new FleetSimulation({ seed: 4, intervalMs: 5000, devices: devices(80) });
    const positions = run(simulation, 12 * 60, 5000).flatMap((step) => step.positions);
    const identified = new Set(positions.filter((position) => position.attributes.driverUniqueId !== undefined).map((position) => position.deviceId));
    expect(identified.size).toBeGreaterThanOrEqual(80 * 0.1);
    expect(identified.size).toBeLessThanOrEqual(80 * 0.4);
    expect(positions.filter((position) => position.attributes.driverUniqueId !== undefined && !SIMULATED_DRIVER_IDS.includes(position.attributes.driverUniqueId as string))).toEqual([]);
    const driversOf = (deviceId: number) => new Set(positions.filter((position) => position.deviceId === deviceId).map((position) => position.attributes.driverUniqueId));
    const cyclers = simulation.vehicles.filter((vehicle) => vehicle.role === 'cycler' && identified.has(vehicle.deviceId));
    const constantDrivers = simulation.vehicles.filter((vehicle) => vehicle.role === 'driver' && identified.has(vehicle.deviceId));
    expect(cyclers.some((vehicle) => driversOf(vehicle.deviceId).size >= 2)).toBe(true);
    for (const vehicle of constantDrivers) expect(driversOf(vehicle.deviceId).size).toBe(1);
  });

  it('a vehicle told engineStop halts and reports blocked until engineResume; each command is answered once', () => {
    const simulation = new FleetSimulation({ seed: 1, intervalMs: 1000, devices: devices(20) });
    const driver = simulation.vehicles.find((vehicle) => vehicle.role === 'driver' && vehicle.isOnline);
    if (!driver) throw new Error('the fleet should have drivers');
    const fixesOf = (steps: ReturnType<typeof run>) => steps.flatMap((step) => step.positions).filter((position) => position.deviceId === driver.deviceId);

    expect(fixesOf(run(simulation, 5)).map((fix) => fix.attributes.blocked)).toEqual([false, false, false, false, false]);
    simulation.receiveCommand(driver.deviceId, 'engineStop', {});
    const stopped = fixesOf(run(simulation, 60, 1000, Date.UTC(2025, 0, 2)));
    expect(stopped.map((fix) => fix.attributes.result).filter(Boolean)).toEqual(['engineStop: OK']);
    expect(stopped.filter((fix) => fix.attributes.blocked !== true)).toEqual([]);
    const standing = stopped[stopped.length - 1] as NewPosition;
    expect(standing).toMatchObject({ speed: 0, attributes: expect.objectContaining({ ignition: false, motion: false }) });

    simulation.receiveCommand(driver.deviceId, 'engineResume', {});
    const resumed = fixesOf(run(simulation, 20, 1000, Date.UTC(2025, 0, 3)));
    expect(resumed[0]?.attributes).toMatchObject({ result: 'engineResume: OK', blocked: false });
    expect(resumed[resumed.length - 1]).toMatchObject({ attributes: expect.objectContaining({ ignition: true, motion: true }) });
  });
});
