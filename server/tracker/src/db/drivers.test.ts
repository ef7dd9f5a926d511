import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { demoAccount, startTracker, type RunningTracker } from '../index';
import { createScratchDatabase, type Database } from '@rastro/db';
import { getJson, login } from '../test-support/tracker-client';
import { DevicesRepository, type NewDevice } from './devices-repository';
import { migrate, MIGRATION_SCRIPTS } from './migrations';
import { openDatabase } from './open-database';
import type { PositionRecord } from '../entities/position';
import { summarize, summarizeDevice, summaryPeriods } from '../reports/summary';
import { TrackBuilder, type TrackBuilderOptions } from '../reports/track-builder';
import { PositionsRepository } from './positions-repository';

// The same behaviour from both database drivers: embedded PGlite and a real PostgreSQL via `pg`.
// `npm test` starts a throw-away PostgreSQL server and sets TEST_DATABASE_URL; every describe
// block below gets its own empty database (PGlite folder or scratch PostgreSQL database).

interface Storage {
  options: { databaseUrl?: string; dataDir: string };
  dispose(): Promise<void>;
}

interface Driver {
  name: string;
  /** Why the driver cannot run here, if it cannot. */
  unavailable?: string;
  provision(): Promise<Storage>;
}

const postgresServer = process.env.TEST_DATABASE_URL;

const pglite: Driver = {
  name: 'PGlite',
  // A folder rather than memory://, so a restarted tracker finds what the first one stored.
  async provision() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rastro-pglite-'));
    return { options: { dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  },
};

const postgres: Driver = {
  name: 'PostgreSQL',
  unavailable: postgresServer ? undefined : 'TEST_DATABASE_URL is not set (npm test starts a throw-away server and sets it)',
  async provision() {
    const scratch = await createScratchDatabase(postgresServer as string);
    return { options: { databaseUrl: scratch.url, dataDir: 'memory://' }, dispose: scratch.drop };
  },
};

const DRIVERS = [pglite, postgres];

interface DeviceJson {
  id: number;
  name: string;
  positionId: number;
}
interface PositionJson {
  id: number;
  deviceId: number;
  fixTime: string;
  attributes: Record<string, unknown>;
}

const HOOK_TIMEOUT = 30_000;

for (const driver of DRIVERS) {
  if (driver.unavailable) console.info(`drivers.test: skipping ${driver.name}: ${driver.unavailable}`);
  const describeDriver = driver.unavailable ? describe.skip : describe;

  describeDriver(`the ${driver.name} driver`, () => {
    describe('repositories on a migrated database', () => {
      let storage: Storage;
      let db: Database;
      let devices: DevicesRepository;
      let positions: PositionsRepository;

      beforeAll(async () => {
        storage = await driver.provision();
        db = await openDatabase(storage.options);
        devices = new DevicesRepository(db);
        positions = new PositionsRepository(db);
      }, HOOK_TIMEOUT);

      afterAll(async () => {
        await db?.close();
        await storage?.dispose();
      });

      it('migrates again without error and without touching tables or rows', async () => {
        const deviceId = await devices.insert(newDevice('migrate-twice'));
        const tablesBefore = await tableNames(db);
        await migrate(db);
        expect(await tableNames(db)).toEqual(tablesBefore);
        expect(tablesBefore).toEqual(expect.arrayContaining(['users', 'devices', 'positions', 'events', 'user_device', 'user_group']));
        expect((await devices.findByIds([deviceId])).map((device) => device.uniqueId)).toEqual(['migrate-twice']);
      });

      it('runs each script once: a script already applied is not run at the next start, a new one is', async () => {
        const recorded = await db.query<{ count: string }>('SELECT count(*) AS count FROM tracker_migrations');
        expect(Number(recorded[0]?.count)).toBe(MIGRATION_SCRIPTS.length);
        // Not idempotent on purpose: running it a second time would fail.
        const added = 'CREATE TABLE migration_probe (id integer PRIMARY KEY);';
        await migrate(db, [...MIGRATION_SCRIPTS, added]);
        await migrate(db, [...MIGRATION_SCRIPTS, added]);
        expect(await tableNames(db)).toContain('migration_probe');
      });

      it('stores positions with numeric bigserial ids and reads a device history by fix time', async () => {
        const deviceId = await devices.insert(newDevice('history'));
        const start = Date.parse('2024-05-01T12:00:00Z');
        const stored = await positions.insertMany(
          [0, 1, 2, 3].map((minute) => newPosition(deviceId, new Date(start + minute * 60_000), { minute })),
        );
        for (const position of stored) expect(typeof position.id).toBe('number');
        expect(stored.map((position) => position.id)).toEqual([...stored.map((position) => position.id)].sort((a, b) => a - b));

        const history = await positions.history(deviceId, new Date(start + 60_000), new Date(start + 2 * 60_000));
        expect(history.map((position) => position.attributes)).toEqual([{ minute: 1 }, { minute: 2 }]);
        expect(history.map((position) => position.fixTime.toISOString())).toEqual(['2024-05-01T12:01:00.000Z', '2024-05-01T12:02:00.000Z']);
        expect((await positions.findByIds([stored[3]?.id ?? 0]))[0]?.attributes).toEqual({ minute: 3 });
        const latest = (await positions.latestPerDevice()).find((position) => position.deviceId === deviceId);
        expect(latest?.id).toBe(stored[3]?.id);
      });

      it("reads a track and a route's fixes page by page (binary COPY), the same positions as a plain query, ties in id order", async () => {
        const deviceId = await devices.insert(newDevice('route fixes'));
        const start = Date.parse('2024-05-02T08:00:00Z');
        const stored = await positions.insertMany(
          [0, 1, 1, 2, 3].map((minute, index) => ({
            ...newPosition(deviceId, new Date(start + minute * 60_000 + 7), { index, ignition: index > 1, driverUniqueId: 'ção' }),
            latitude: -23.5 - index / 7,
            speed: index * 1.1,
            ...(index === 2 ? { geofenceIds: [3, 5], network: { radioType: 'gsm', considerIp: false, cellTowers: [{ cellId: 1, locationAreaCode: 2, mobileCountryCode: 724, mobileNetworkCode: 5 }] } } : {}),
          })),
        );
        await db.query('UPDATE positions SET address = $1 WHERE id = $2', ['Rua Augusta, 1500 – São Paulo', stored[1]?.id]);
        const [from, to] = [new Date(start), new Date(start + 2 * 60_000 + 7)];
        const read = async <Fix>(pages: AsyncIterable<Fix[]>) => {
          const sizes: number[] = [];
          const fixes: Fix[] = [];
          for await (const page of pages) {
            sizes.push(page.length);
            fixes.push(...page);
          }
          return { sizes, fixes };
        };
        const history = await positions.history(deviceId, from, to);
        expect(history.map((position) => position.id)).toEqual(stored.slice(0, 4).map((position) => position.id));
        const track = await read(positions.track(deviceId, from, to, 3));
        expect(track.sizes).toEqual([3, 1]);
        expect(track.fixes).toEqual(history);
        const route = await read(positions.routeFixes(deviceId, from, to, 2));
        expect(route.sizes).toEqual([2, 2]);
        expect(route.fixes).toEqual(history.map(({ id, fixTime, latitude, longitude, speed, course, altitude, address }) => ({ id, fixTime, latitude, longitude, speed, course, altitude, address })));
        expect(route.fixes[1]?.address).toBe('Rua Augusta, 1500 – São Paulo');
      });

      it("summarises each period from its first and last fix and its top speed, found by the database: Traccar's rows, the same as reading every fix", async () => {
        const periods = summaryPeriods(new Date('2024-05-01T00:00:00Z'), new Date('2024-05-03T00:00:00Z'), true);
        const stored = async (name: string, build: (builder: TrackBuilder) => PositionRecord[], options: TrackBuilderOptions = {}) => {
          const deviceId = await devices.insert(newDevice(name));
          // 23:00 → 01:00 at 36 km/h (100 m a fix) across midnight, then parked.
          const fixes = build(new TrackBuilder({ deviceId, start: new Date('2024-05-01T23:00:00Z'), ...options }).drive(120, 36).park(30));
          await positions.insertMany(fixes);
          return { device: { id: deviceId, name, attributes: {} }, fixes };
        };
        const summaries = async ({ device, fixes }: { device: { id: number; name: string; attributes: Record<string, unknown> }; fixes: PositionRecord[] }) => {
          const track = jest.spyOn(positions, 'track');
          try {
            const rows = await summarizeDevice(device, periods, positions);
            expect(rows).toEqual(summarize(device, fixes, periods));
            return { rows, readEveryFix: track.mock.calls.length > 0 };
          } finally {
            track.mockRestore();
          }
        };

        // Traccar stores totalDistance on every fix: the ends' difference is the distance.
        const metered = await summaries(await stored('summary metered', (builder) => builder.build()));
        expect(metered).toMatchObject({ readEveryFix: false });
        expect(metered.rows.map((row) => [row.startTime, row.endTime, row.distance, row.maxSpeed > 0])).toEqual([
          [new Date('2024-05-01T23:00:00Z'), new Date('2024-05-02T00:00:00Z'), 36_000, true],
          [new Date('2024-05-02T00:00:00Z'), new Date('2024-05-02T01:29:50Z'), 36_000, true],
        ]);
        // A device odometer at both ends decides alone, whatever the fixes between carry.
        const withOdometer = (builder: TrackBuilder) =>
          builder.build().map(({ attributes: { totalDistance, ...attributes }, ...fix }, index) => ({ ...fix, attributes: index % 100 === 50 ? attributes : { ...attributes, totalDistance, odometer: 5_000 + Number(totalDistance) } }));
        expect(await summaries(await stored('summary odometer', withOdometer))).toMatchObject({ readEveryFix: false });
        // Without either, the distance is measured fix by fix: the whole track is read.
        const unmetered = await summaries(await stored('summary unmetered', (builder) => builder.build(), { totalDistance: false }));
        expect(unmetered.readEveryFix).toBe(true);
        expect(unmetered.rows[0]?.distance).toBeCloseTo(36_000, -2);
        expect(await positions.periodDigests(unmetered.rows[0]!.deviceId, summaryPeriods(new Date('2024-05-04T00:00:00Z'), new Date('2024-05-05T00:00:00Z'), true))).toEqual([]);
      });

      it('rejects a duplicate unique id with SQLSTATE 23505 and PostgreSQL’s message', async () => {
        await devices.insert(newDevice('taken'));
        await expect(devices.insert(newDevice('taken'))).rejects.toMatchObject({
          code: '23505',
          message: 'duplicate key value violates unique constraint "devices_uniqueid_key"',
        });
      });
    });

    describe('a tracker on it', () => {
      let storage: Storage;
      let tracker: RunningTracker | undefined;
      const start = () => startTracker({ port: 0, host: '127.0.0.1', ...storage.options, simulator: { devices: 6, intervalMs: 100, seed: 3 } });

      beforeAll(async () => {
        storage = await driver.provision();
        tracker = await start();
      }, HOOK_TIMEOUT);

      afterAll(async () => {
        await tracker?.close();
        await storage?.dispose();
      });

      it('seeds the demo fleet, signs in and records every simulator tick in the history', async () => {
        const cookie = await login(tracker!.url, demoAccount.email, demoAccount.password);
        const fleet = await getJson<DeviceJson[]>(`${tracker!.url}/api/devices`, { cookie });
        expect(fleet).toHaveLength(6);
        const device = fleet[0] as DeviceJson;

        const from = new Date(Date.now() - 60_000).toISOString();
        const history = await waitFor(
          () => getJson<PositionJson[]>(`${tracker!.url}/api/positions?deviceId=${device.id}&from=${from}&to=${new Date(Date.now() + 60_000).toISOString()}`, { cookie }),
          (positions) => positions.length >= 3,
        );
        expect(new Set(history.map((position) => position.deviceId))).toEqual(new Set([device.id]));
        const ids = history.map((position) => position.id);
        for (const id of ids) expect(Number.isInteger(id)).toBe(true);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        expect(history[0]?.attributes).toHaveProperty('ignition');
      });

      it('restarts on the same database without seeding again and resumes from the stored positions', async () => {
        const cookie = await login(tracker!.url, demoAccount.email, demoAccount.password);
        const before = await getJson<DeviceJson[]>(`${tracker!.url}/api/devices`, { cookie });
        await tracker!.close();
        tracker = undefined;
        tracker = await start();

        const after = await getJson<DeviceJson[]>(`${tracker.url}/api/devices`, { cookie: await login(tracker.url, demoAccount.email, demoAccount.password) });
        expect(after.map((device) => [device.id, device.name])).toEqual(before.map((device) => [device.id, device.name]));
        const positionIdBefore = new Map(before.map((device) => [device.id, device.positionId]));
        for (const device of after) expect(device.positionId).toBeGreaterThanOrEqual(positionIdBefore.get(device.id) ?? Infinity);
      }, HOOK_TIMEOUT);
    });
  });
}

(postgres.unavailable ? describe.skip : describe)('the PostgreSQL driver when the server drops its connections', () => {
  it('warns, reconnects on the next query and keeps the process alive', async () => {
    const storage = await postgres.provision();
    const db = await openDatabase(storage.options);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const admin = new Client({ connectionString: storage.options.databaseUrl });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      await admin.end();
      await waitFor(async () => warn.mock.calls.length, (calls) => calls > 0, 5_000);

      expect(warn).toHaveBeenCalledWith(expect.stringContaining('PostgreSQL dropped an idle connection'));
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      warn.mockRestore();
      await db.close();
      await storage.dispose();
    }
  });
});

function newDevice(uniqueId: string): NewDevice {
  return { name: `Device ${uniqueId}`, uniqueId, groupId: null, phone: null, model: null, contact: null, category: 'car', attributes: {} };
}

function newPosition(deviceId: number, fixTime: Date, attributes: Record<string, unknown>) {
  return {
    deviceId,
    protocol: 'osmand',
    serverTime: fixTime,
    deviceTime: fixTime,
    fixTime,
    valid: true,
    latitude: -23.55,
    longitude: -46.63,
    altitude: 0,
    speed: 0,
    course: 0,
    accuracy: 0,
    attributes,
  };
}

async function tableNames(db: Database): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  return rows.map((row) => row.table_name);
}

/** Polls until the value satisfies the condition (the simulator ticks on its own clock). */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
