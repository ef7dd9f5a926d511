import type { DevicesRepository } from './db/devices-repository';
import type { PositionsRepository } from './db/positions-repository';
import type { UsersRepository } from './db/users-repository';
import type { LiveFleet } from './live/live-fleet';
import type { Authenticator } from './session/authenticator';
import type { TokenStore } from './session/token-store';
import type { SocketHub } from './socket/socket-hub';

/** Everything the routes need, built once in ./start-tracker.ts and handed to each route module. */
export interface TrackerContext {
  users: UsersRepository;
  devices: DevicesRepository;
  positions: PositionsRepository;
  auth: Authenticator;
  tokens: TokenStore;
  live: LiveFleet;
  sockets: SocketHub;
}
