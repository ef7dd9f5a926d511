import type { PasswordResetMailer } from './api/password-routes';
import type { AuditLog } from './audit/audit-log';
import type { StatisticsCounter, StatisticsRepository } from './statistics/server-statistics';
import type { DevicesRepository } from './db/devices-repository';
import type { EntityStore } from './db/entity-store';
import type { EventsRepository } from './db/events-repository';
import type { LinksRepository } from './db/links-repository';
import type { PositionsRepository } from './db/positions-repository';
import type { ServerSettingsRepository } from './db/server-settings-repository';
import type { UsersRepository } from './db/users-repository';
import type { ConfigVersion, VersionedCache } from './db/versioned-cache';
import type { DeviceRecord } from './entities/device';
import type { PositionIngest } from './ingest/position-ingest';
import type { LiveFleet } from './live/live-fleet';
import type { CommandDispatcher } from './commands/command-dispatcher';
import type { Authenticator } from './session/authenticator';
import type { TokenStore } from './session/token-store';
import type { SocketHub } from './socket/socket-hub';

/** Everything the routes need, built once in ./start-tracker.ts and handed to each route module. */
export interface TrackerContext {
  users: UsersRepository;
  devices: DevicesRepository;
  positions: PositionsRepository;
  events: EventsRepository;
  /** Groups, geofences, notifications, drivers, calendars, maintenance, saved and computed attributes. */
  entities: EntityStore;
  links: LinksRepository;
  serverSettings: ServerSettingsRepository;
  /** Where password-reset links go (a real Traccar mails them). */
  mailPasswordReset: PasswordResetMailer;
  auth: Authenticator;
  tokens: TokenStore;
  /** Where every new position goes (simulator, OsmAnd): storage, live state, events, sockets. */
  ingest: PositionIngest;
  live: LiveFleet;
  sockets: SocketHub;
  /** Sends commands to devices, or queues them until the device connects. */
  commands: CommandDispatcher;
  /** Told when a user resets a device's odometer or engine hours, so a simulated vehicle counts on from them. */
  accumulatorsReset: (deviceId: number, accumulators: { totalDistance?: number | null; hours?: number | null }) => void;
  /** The configuration version, told of every API write; device lists cached while it holds. */
  configVersion: ConfigVersion;
  deviceLists: VersionedCache<string, DeviceRecord[]>;
  /** Traccar 6's audit of writes (GET /api/audit). */
  audit: AuditLog;
  /** The counts of the day and the stored daily captures (GET /api/statistics). */
  statistics: { counter: StatisticsCounter; repository: StatisticsRepository };
  /** The enabled notification channels (GET /api/notifications/notificators). */
  notificators: readonly string[];
}
