import { AuditLog } from './audit/audit-log';
import { openDatabase } from './db/open-database';
import { StatisticsCounter, StatisticsRepository } from './statistics/server-statistics';
import { DevicesRepository } from './db/devices-repository';
import { EntityStore } from './db/entity-store';
import { EventsRepository } from './db/events-repository';
import { LinksRepository } from './db/links-repository';
import { PositionsRepository } from './db/positions-repository';
import { ServerSettingsRepository } from './db/server-settings-repository';
import { UsersRepository } from './db/users-repository';
import { ConfigVersion, VersionedCache } from './db/versioned-cache';
import type { DeviceRecord } from './entities/device';
import { DEFAULT_NOTIFICATORS } from './entities/event-types';
import { CommandDispatcher } from './commands/command-dispatcher';
import { buildApp } from './http/build-app';
import { InactivityCheck } from './events/inactivity-check';
import { registerEventHandling } from './events/register-events';
import { PositionIngest } from './ingest/position-ingest';
import { LiveFleet } from './live/live-fleet';
import { buildOsmandServer } from './osmand/osmand-server';
import { StatusTimeout } from './osmand/status-timeout';
import { ScheduledReports, type ScheduledReportMail, type ScheduledReportMailer } from './scheduled-reports/scheduled-reports';
import { demoSeed } from './seed/demo-seed';
import { Authenticator } from './session/authenticator';
import { SessionStore } from './session/session-store';
import { TokenStore } from './session/token-store';
import { FleetSimulation } from './simulator/fleet-simulation';
import { SimulatedCommandTransport } from './simulator/simulated-command-transport';
import { SimulatorRunner } from './simulator/simulator-runner';
import { SocketHub } from './socket/socket-hub';
import type { TrackerContext } from './tracker-context';
import type { PasswordResetMailer } from './api/password-routes';

export interface TrackerOptions {
  /** Default 8082; 0 picks a free port. */
  port?: number;
  /**
   * Where the tracking API listens. Default '127.0.0.1': the API has no Rastro policy of its own,
   * so only the gateway on the same machine should reach it.
   */
  host?: string;
  /** Where the OsmAnd port listens: devices must reach it. Default `host` when given, else '0.0.0.0'. */
  osmandHost?: string;
  /** A PostgreSQL URL (uses `pg`); without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's folder; default 'memory://' (a throw-away database). */
  dataDir?: string;
  /** The demo fleet. Defaults: enabled, 60 devices, a step every 1000 ms, seed 1. */
  simulator?: { enabled?: boolean; devices?: number; intervalMs?: number; seed?: number };
  /** Enabled notification channels; default web, mail, sms, firebase, telegram. */
  notificators?: readonly string[];
  /** Receives password-reset tokens (Traccar mails a link). Default: logged. */
  onPasswordReset?: PasswordResetMailer;
  /** Pino logs through Fastify's logger (level from LOG_LEVEL, default info). Default false. */
  logger?: boolean;
  /** Where log lines go when `logger` is on; default standard output (tests read them here). */
  logStream?: { write(line: string): void };
  /**
   * The OsmAnd protocol's HTTP port (Traccar Client app). Default 5055 — but 0 (a free port)
   * when `port` is 0, so trackers started side by side in tests do not fight over 5055.
   */
  osmandPort?: number;
  /** A device reporting over the network goes offline after this long without a report. Default 600 (Traccar's). */
  statusTimeoutSeconds?: number;
  /**
   * How long event handling may go on with the configuration it read (geofences, notifications,
   * attributes…) before checking for changes, in ms. Default 1000; tests that change it and
   * report at once set 0.
   */
  eventConfigMaxAgeMs?: number;
  /** How often to look for devices silent for their `deviceInactivityStart` (deviceInactive), in ms. Default 60,000. */
  inactivityCheckIntervalMs?: number;
  /**
   * A session unused this long is gone (Traccar's `web.sessionTimeout`, in ms here). Default
   * 30 minutes; 0 keeps sessions until logout, as Traccar does when the option is unset.
   */
  sessionIdleTimeoutMs?: number;
  /** Receives the scheduled reports when due (Traccar mails them). Default: logged. */
  onScheduledReport?: ScheduledReportMailer;
  /** How often to look for scheduled reports whose calendar occurrence ended, in ms. Default 60,000 (Traccar: 15 minutes). */
  scheduledReportCheckIntervalMs?: number;
}

export interface RunningTracker {
  /** e.g. http://127.0.0.1:8082 — the address clients should use. */
  url: string;
  port: number;
  /** Where devices send OsmAnd reports, e.g. http://127.0.0.1:5055. */
  osmandUrl: string;
  osmandPort: number;
  /** Stops the simulator, closes sockets, the HTTP server and the database. Safe to call twice. */
  close(): Promise<void>;
}

const DEFAULTS = { port: 8082, osmandPort: 5055, statusTimeoutSeconds: 600, host: '127.0.0.1', osmandHost: '0.0.0.0', dataDir: 'memory://', devices: 60, intervalMs: 1000, seed: 1 };

/** Starts a Traccar-compatible server with its demo data and (unless disabled) the simulated fleet. */
export async function startTracker(options: TrackerOptions = {}): Promise<RunningTracker> {
  const simulatorEnabled = options.simulator?.enabled ?? true;
  const deviceCount = options.simulator?.devices ?? DEFAULTS.devices;
  const intervalMs = options.simulator?.intervalMs ?? DEFAULTS.intervalMs;
  const seed = options.simulator?.seed ?? DEFAULTS.seed;
  if (!Number.isInteger(deviceCount) || deviceCount < 0) throw new Error(`simulator.devices must be a non-negative integer, got ${deviceCount}`);
  if (!(intervalMs > 0)) throw new Error(`simulator.intervalMs must be positive, got ${intervalMs}`);
  const statusTimeoutSeconds = options.statusTimeoutSeconds ?? DEFAULTS.statusTimeoutSeconds;
  if (!(statusTimeoutSeconds > 0)) throw new Error(`statusTimeoutSeconds must be positive, got ${statusTimeoutSeconds}`);

  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir ?? DEFAULTS.dataDir, seed: demoSeed(deviceCount, seed) });
  const sockets = new SocketHub();
  try {
    const users = new UsersRepository(db);
    const devices = new DevicesRepository(db);
    const positions = new PositionsRepository(db);
    const tokens = new TokenStore();
    const live = new LiveFleet();
    const events = new EventsRepository(db);
    const ingest = new PositionIngest({ positions, devices, events, live, sockets });
    // One instance: it caches the settings, and the API's writes must reach event handling.
    const serverSettings = new ServerSettingsRepository(db);
    const fleetConfig = registerEventHandling({
      db,
      devices,
      entities: new EntityStore(db),
      serverSettings,
      ingest,
      sockets,
      configMaxAgeMs: options.eventConfigMaxAgeMs,
    });

    const allDevices = await devices.findAll();
    live.recordPositions(await positions.latestPerDevice());
    const simulation = simulatorEnabled ? await prepareSimulation(allDevices, { seed, intervalMs, live, positions }) : null;
    for (const device of allDevices) {
      // Without a simulator nothing reports: devices are offline (unknown if never heard from).
      const status = simulation?.statusOf(device.id) ?? (live.latestPosition(device.id) ? 'offline' : 'unknown');
      live.setStatus(device.id, status);
    }

    const configVersion = new ConfigVersion(db);
    const statisticsRepository = new StatisticsRepository(db);
    const statisticsCounter = new StatisticsCounter((row) => statisticsRepository.insert(row), (error) => console.error('could not store the statistics', error));
    ingest.countWith((received, stored) => statisticsCounter.registerMessages(received, stored));

    const commands = new CommandDispatcher();
    if (simulation) commands.addTransport(new SimulatedCommandTransport(simulation));

    const context: TrackerContext = {
      users,
      devices,
      positions,
      events,
      entities: new EntityStore(db),
      links: new LinksRepository(db),
      serverSettings,
      mailPasswordReset: (reset) => (options.onPasswordReset ? options.onPasswordReset(reset) : logPasswordReset()),
      tokens,
      ingest,
      live,
      sockets,
      commands,
      notificators: options.notificators ?? DEFAULT_NOTIFICATORS,
      audit: new AuditLog(db),
      statistics: { counter: statisticsCounter, repository: statisticsRepository },
      accumulatorsReset: (deviceId, accumulators) => simulation?.resetAccumulators(deviceId, accumulators),
      auth: new Authenticator(users, new SessionStore(options.sessionIdleTimeoutMs), tokens, new VersionedCache(configVersion)),
      configVersion,
      deviceLists: new VersionedCache(configVersion),
    };
    const app = await buildApp(context, { logger: options.logger ?? false, logStream: options.logStream });
    let stopping = false;
    app.addHook('preClose', async () => {
      stopping = true;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      // Before the answer leaves, so that nothing the client does next meets the old configuration.
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) fleetConfig.invalidate();
      // A keep-alive connection busy when close() began would otherwise stay open after its answer
      // until Fastify's keep-alive timeout (72 s): every test file that stops a tracker waited for it.
      if (stopping) void reply.header('connection', 'close');
      return payload;
    });
    const host = options.host ?? DEFAULTS.host;
    const osmandHost = options.osmandHost ?? options.host ?? DEFAULTS.osmandHost;
    await app.listen({ port: options.port ?? DEFAULTS.port, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULTS.port);

    const statusTimeout = new StatusTimeout({ timeoutMs: statusTimeoutSeconds * 1000, ingest, log: app.log });
    const osmand = await buildOsmandServer({ devices, fleetConfig, live, ingest, statusTimeout }, { logger: options.logger ?? false, logStream: options.logStream });
    try {
      await osmand.listen({ port: options.osmandPort ?? (options.port === 0 ? 0 : DEFAULTS.osmandPort), host: osmandHost });
    } catch (error) {
      await app.close();
      throw error;
    }
    const osmandAddress = osmand.server.address();
    const osmandPort = typeof osmandAddress === 'object' && osmandAddress ? osmandAddress.port : 0;
    statusTimeout.start();
    const inactivity = new InactivityCheck({
      config: fleetConfig,
      lastUpdate: (deviceId) => live.state(deviceId).lastUpdate,
      record: (events) => ingest.recordEvents(events),
      intervalMs: options.inactivityCheckIntervalMs,
      log: app.log,
    });
    inactivity.start();
    const scheduledReports = new ScheduledReports(context, options.onScheduledReport ?? logScheduledReport, {
      intervalMs: options.scheduledReportCheckIntervalMs ?? 60_000,
      onError: (error) => app.log.error({ err: error }, 'scheduled reports failed'),
    });
    scheduledReports.start();

    const runner = simulation
      ? new SimulatorRunner({ simulation, intervalMs, ingest: context.ingest, log: app.log, devicesCameOnline: (deviceIds) => deviceIds.forEach((id) => commands.deviceConnected(id)) })
      : null;
    runner?.start();

    let closing: Promise<void> | null = null;
    return {
      url: `http://${clientHost(host)}:${port}`,
      port,
      osmandUrl: `http://${clientHost(osmandHost)}:${osmandPort}`,
      osmandPort,
      close: () => {
        closing ??= (async () => {
          await runner?.stop();
          await statusTimeout.stop();
          await inactivity.stop();
          await scheduledReports.stop();
          await osmand.close();
          sockets.close();
          await app.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    sockets.close();
    await db.close();
    throw error;
  }
}

/** The fleet simulation, resumed from the stored positions; devices never seen get a first fix. */
async function prepareSimulation(
  allDevices: DeviceRecord[],
  { seed, intervalMs, live, positions }: { seed: number; intervalMs: number; live: LiveFleet; positions: PositionsRepository },
): Promise<FleetSimulation> {
  const simulation = new FleetSimulation({
    seed,
    intervalMs,
    devices: allDevices.map((device) => ({ deviceId: device.id, category: device.category, lastPosition: live.latestPosition(device.id) ?? null })),
  });
  const neverSeen = allDevices.filter((device) => !live.latestPosition(device.id)).map((device) => device.id);
  live.recordPositions(await positions.insertMany(simulation.initialPositions(neverSeen, new Date())));
  return simulation;
}

/**
 * No mail server here. The token is not logged: anyone may ask for a reset, and a token in a log
 * line is a password anyone who reads the log can set (the gateway mails its own recovery links).
 */
function logPasswordReset(): void {
  console.info('password reset asked for an account: no mail server, so no link was sent');
}

function logScheduledReport({ email, type, from, to, content }: ScheduledReportMail): void {
  console.info(`scheduled ${type} report for ${email}, ${from.toISOString()} – ${to.toISOString()}: ${content.length} bytes`);
}

/** A wildcard listen address is not one a client can dial. */
function clientHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
