// @rastro/shared — the contract between the shell and the remotes. A federation singleton:
// everything exported here (stores, bus, i18n instance) exists once per page.

export { RASTRO_VERSION } from './version';

// Entity schemas and types
export {
  serverSchema,
  userSchema,
  deviceSchema,
  deviceStatusSchema,
  positionSchema,
  eventSchema,
  socketMessageSchema,
  remoteNames,
  remoteNameSchema,
  remoteEntrySchema,
  remotesManifestSchema,
  appConfigSchema,
  apiErrorSchema,
} from './contract/index';
export type {
  Server,
  User,
  Device,
  DeviceStatus,
  Position,
  TrackingEvent,
  SocketMessage,
  RemoteName,
  RemoteEntry,
  RemotesManifest,
  AppConfig,
  ApiErrorBody,
} from './contract/index';

// API clients
export { ApiError, createHttpClient, errorCodeFromText, toQueryString } from './api/http';
export type { HttpClient, HttpClientOptions, RequestOptions } from './api/http';
export { createTrackingApi, TRACKING_API_TIMEOUT_MS, POSITION_BATCH_SIZE } from './api/tracking';
export type { TrackingApi } from './api/tracking';
export { createProductApi, PRODUCT_API_TIMEOUT_MS } from './api/product';
export type { ProductApi } from './api/product';

// Event bus
export { bus, createBus } from './bus/events';
export type { RastroBus, RastroEvents, RastroEventName } from './bus/events';

// Stores
export { useSessionStore } from './stores/session';
export type { SessionState, SessionStatus } from './stores/session';
export { useServerStore } from './stores/server';
export type { ServerState, ServerStatus } from './stores/server';
export { useDevicesStore, isSoftDeleted } from './stores/devices';
export type { DevicesState } from './stores/devices';
export { usePositionsStore } from './stores/positions';
export type { PositionsState } from './stores/positions';
export { useRouterBridge } from './router/bridge';
export type { RouterBridgeState } from './router/bridge';

// i18n
export { i18n, initI18n, catalogs, missingKeyMarker } from './i18n/i18n';
export { detectLanguage, toSupportedLanguage, supportedLanguages, DEFAULT_LANGUAGE, FALLBACK_LANGUAGE } from './i18n/language';
export type { SupportedLanguage, LanguageSources } from './i18n/language';

// Units
export { convertSpeed, KMH_PER_KNOT, MPH_PER_KNOT } from './units/speed';
export type { SpeedUnit } from './units/speed';
export { formatRelativeTime } from './units/relativeTime';

// Look and remotes
export { rastroSystem } from './theme/system';
export { defineRemote } from './remote/defineRemote';
export type { AreaProps, AreaComponent, AreaParcel, RemoteDefinition } from './remote/defineRemote';
export { AreaError } from './remote/AreaError';
export type { AreaErrorProps } from './remote/AreaError';
export { AreaErrorBoundary } from './remote/AreaErrorBoundary';
export { AreaProviders } from './remote/AreaProviders';
export { runStandalone } from './remote/runStandalone';
export type { StandaloneOptions } from './remote/runStandalone';
