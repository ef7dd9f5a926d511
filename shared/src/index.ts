// @rastro/shared — the contract between the shell and the remotes. A federation singleton:
// everything exported here (stores, bus, i18n instance) exists once per page. It loads after
// sign-in; what the login needs is also exported by the smaller @rastro/shared/core (core.ts),
// whose modules are the same ones (README, "Front-end weight").

// First: no schema may parse before zod is told not to eval (see zod-csp.ts).
import './zod-csp';
// The design system's recipes join the page's Chakra system as it loads.
import './theme/designSystemRecipes';

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
  QR_ACCESS_ATTRIBUTE,
  qrDriverStateSchema,
  qrDriverViewSchema,
  autolinkResultSchema,
  WAY_BACK_HEADER,
} from './contract/index';
export {
  advancedPermissionBits,
  ADVANCED_PERMISSION_BIT_COUNT,
  bitOf,
  parseAdvancedPermissions,
  formatAdvancedPermissions,
  advancedPermissionsHex,
  isAllowed,
  isGrantAllowed,
  rastroAttributeKeys,
  attributeFlag,
  attributeNumber,
  privilegedUserSettings,
  privilegedAttribute,
  mayWritePrivilege,
  isValidTaxId,
  EDITION_HEADER,
  DEVICE_LIMIT_HEADER,
  editions,
  UNLIMITED,
  isSoftDeletedUniqueId,
  softDeletedUniqueId,
  deviceRemovedMessage,
  SHARE_MAX_DAYS,
  shareInputSchema,
  shareSchema,
  createdShareSchema,
  accountStates,
  accountStateSchema,
  accountStateUpdateSchema,
  trustUnlockRequestSchema,
  trustUnlockResultSchema,
  trustUnlockDays,
  TRUST_DAYS_MAX,
  serverFeatureOn,
  MAX_BULK_PERMISSIONS,
  isLongEnoughPassword,
} from './contract/index';
export type {
  PermissionArea,
  PermissionAction,
  PermissionGrant,
  AdvancedPermissions,
  PermissionSubject,
  RastroAttributeKey,
  PrivilegedUserSetting,
  PrivilegeWriter,
  Edition,
  ServerFeature,
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
  ShareInput,
  Share,
  CreatedShare,
  AccountStateName,
  AccountState,
  AccountStateUpdate,
  TrustUnlockRequest,
  TrustUnlockResult,
  QrDriverState,
  QrDriverView,
  AutolinkResult,
} from './contract/index';

// API clients
export { ApiError, createHttpClient, errorCodeFromText, toQueryString } from './api/http';
export type { HttpClient, HttpClientOptions, QueryValue, RequestOptions } from './api/http';
export { createTrackingApi, TRACKING_API_TIMEOUT_MS, POSITION_BATCH_SIZE } from './api/tracking';
export type { TrackingApi, NewAccount } from './api/tracking';
export { loginFailureFrom, openInvoiceSchema } from './api/loginFailure';
export type { LoginFailure, OpenInvoice } from './api/loginFailure';
export { createProductApi, PRODUCT_API_TIMEOUT_MS } from './api/product';
export type { ProductApi } from './api/product';

// Event bus
export { bus, createBus } from './bus/events';
export type { RastroBus, RastroEvents, RastroEventName, RouteDisplay } from './bus/events';

// Geofences: the entity, its latitude-first WKT areas (TRACCAR.md), SPEC §4 area display and editing steps
export { geofenceSchema, geofenceShapeTypes } from './geofence/geofence';
export type { Geofence, GeofenceDraft, GeofenceShapeType, GeofenceEditStep, GeofenceEditSnapshot, GeofenceSaveFailure } from './geofence/geofence';
export { parseGeofenceArea, formatGeofenceArea } from './geofence/wkt';
export type { GeofenceArea, LngLat } from './geofence/wkt';
export { circleAreaKm2, circleRing, distanceMetres, summarizeGeofenceArea, EARTH_RADIUS_M } from './geofence/area';
export type { GeofenceAreaSummary } from './geofence/area';

// Stores
export { useSessionStore } from './stores/session';
export { useMapViewStore } from './stores/mapView';
export type { MapView, MapViewState } from './stores/mapView';
export { MapViewPick, mapViewValues } from './mapView/MapViewPick';
export type { MapViewPickProps, MapViewValues } from './mapView/MapViewPick';
export type { SessionState, SessionStatus } from './stores/session';
export { useServerStore } from './stores/server';
export type { ServerState, ServerStatus } from './stores/server';
export { useDevicesStore, isSoftDeleted } from './stores/devices';
export type { DevicesState } from './stores/devices';
export { usePositionsStore } from './stores/positions';
export {
  createEntityListStore,
  entityLists,
  loadEntityLists,
  clearEntityLists,
  canListUsers,
  useRecentEventsStore,
  RECENT_EVENTS_LIMIT,
  groupSchema,
  savedCommandSchema,
  notificationSchema,
  driverSchema,
  calendarSchema,
  maintenanceSchema,
  computedAttributeSchema,
} from './contract/lists';
export type {
  EntityListState,
  EntityListStore,
  EntityListName,
  ListFetcher,
  ListStatus,
  RecentEventsState,
  Group,
  SavedCommand,
  TrackingNotification,
  Driver,
  Calendar,
  Maintenance,
  ComputedAttribute,
} from './contract/lists';
export type { PositionsState } from './stores/positions';
export { useLicenceStore, licenceFromHeaders, refreshLicence } from './licence/licence';
export type { Licence, LicenceState } from './licence/licence';
export { followBrowserHistory, useRouterBridge } from './router/bridge';
export type { RouterBridgeState } from './router/bridge';

// i18n
export { i18n, initI18n, missingKeyMarker } from './i18n/i18n';
export { registerCatalogs } from './i18n/registerCatalogs';
export type { TranslationCatalog } from './i18n/registerCatalogs';
export { alarmName, eventName, knownAlarms } from './i18n/eventNames';
export { errorCodeMessage, errorMessage } from './errors/errorMessage';
export type { ErrorReason } from './errors/errorMessage';
export {
  notificationTypes,
  popupColours,
  popupPositions,
  presetSounds,
  presetSoundUrl,
  notificationStyleKeys,
  DEFAULT_POSITION,
  DEFAULT_SOUND,
  PRESET_SOUND_COUNT,
} from './notifications/notificationStyle';
export type { NotificationType, PopupColour, PopupPosition } from './notifications/notificationStyle';
export {
  detectLanguage,
  toSupportedLanguage,
  supportedLanguages,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGE_ATTRIBUTE,
  languageFromAttributes,
  resolveLanguage,
} from './i18n/language';
export type { SupportedLanguage, LanguageSources, LanguageContext } from './i18n/language';

// Browser-stored preferences (SPEC §3)
export {
  preferenceKeys,
  readPreference,
  writePreference,
  clearPreference,
  ensureSessionMarker,
  randomSessionMarker,
  rememberedCredentialsSchema,
  SESSION_MARKER_LENGTH,
  mapLayerNames,
  mapLayersSchema,
} from './preferences/preferences';
export type { PreferenceName, Preferences, RememberedCredentials, MapLayerName, MapLayerChoices } from './preferences/preferences';

// Units
export { convertSpeed, KMH_PER_KNOT, MPH_PER_KNOT, formatRelativeTime, formatCurrency, formatDate, formatNumber, expiryLeft, ownTwelveHourClock, twelveHourClockOf, TWELVE_HOUR_ATTRIBUTE } from './units/index';
export type { SpeedUnit, DateStyle, ExpiryLeft } from './units/index';

// The design system: exactly the Chakra UI pieces the product uses, and the only door to Chakra.
// Apps import UI from here, never from '@chakra-ui/react' (a lint rule says so), so Chakra is
// tree-shaken once, in the build of this federation singleton, and a page holds one Chakra system
// and one emotion cache. A screen that needs another component adds it to this list.
export {
  Alert,
  Badge,
  Box,
  Button,
  ChakraProvider,
  Checkbox,
  CloseButton,
  DataList,
  Dialog,
  Field,
  Flex,
  Grid,
  // Chakra's Group, renamed: `Group` is the contract's device group.
  Group as ControlGroup,
  HStack,
  Heading,
  IconButton,
  Image,
  Input,
  Link,
  List,
  Menu,
  NativeSelect,
  Portal,
  Progress,
  Spinner,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
export type { SystemContext } from '@chakra-ui/react';

// Look and remotes
export { rastroSystem, createRastroSystem, brandPalette, mixColour, DEFAULT_PRIMARY } from './theme/system';
export { defineRemote } from './remote/defineRemote';
export type { AreaProps, AreaComponent, AreaParcel, RemoteDefinition } from './remote/defineRemote';
export { AreaError } from './remote/AreaError';
export type { AreaErrorProps } from './remote/AreaError';
export { AreaErrorBoundary } from './remote/AreaErrorBoundary';
export { AreaProviders } from './remote/AreaProviders';
export { runStandalone } from './remote/runStandalone';
export { useConfirm } from './ui/useConfirm';
export type { ConfirmQuestion } from './ui/useConfirm';
export { useLoaded } from './ui/useLoaded';
export { LabelledSelect } from './ui/LabelledSelect';
export type { LabelledSelectProps, SelectOption } from './ui/LabelledSelect';
export type { Loaded } from './ui/useLoaded';
export { LoadState, Outcome } from './ui/LoadState';
export type { OutcomeMessage } from './ui/LoadState';
export type { StandaloneOptions } from './remote/runStandalone';
