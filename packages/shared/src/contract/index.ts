// Server-safe part of the contract (no React): the gateway imports it as `@rastro/shared/contract`.
export {
  serverSchema,
  userSchema,
  deviceSchema,
  deviceStatusSchema,
  positionSchema,
  eventSchema,
  socketMessageSchema,
} from './traccar';
export type { Server, User, Device, DeviceStatus, Position, TrackingEvent, SocketMessage } from './traccar';
export {
  remoteNames,
  remoteNameSchema,
  remoteEntrySchema,
  remotesManifestSchema,
  appConfigSchema,
  apiErrorSchema,
} from './product';
export type { RemoteName, RemoteEntry, RemotesManifest, AppConfig, ApiErrorBody } from './product';
