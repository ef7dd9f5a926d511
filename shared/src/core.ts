// @rastro/shared/core — what the login needs, and nothing more: a federation singleton of its own,
// loaded before the login shows. The rest of @rastro/shared (the design system, the remotes'
// wrapper, geofences, entity lists) is the `@rastro/shared` entry, loaded after sign-in; both are
// provided by the shell only, so their modules are the shell build's and exist once per page
// (README, "Front-end weight"). Adding a component to the design system adds nothing here.

// First: no schema may parse before zod is told not to eval (see zod-csp.ts).
import './zod-csp';

export { RASTRO_VERSION } from './version';

export { attributeFlag, rastroAttributeKeys, SHARE_MAX_DAYS } from './contract/index';
export type { AppConfig, ApiErrorBody, RemoteEntry, RemoteName, RemotesManifest, Server, User } from './contract/index';

// API clients
export { ApiError, createHttpClient, errorCodeFromText, toQueryString } from './api/http';
export type { HttpClient, HttpClientOptions, RequestOptions } from './api/http';
export { createTrackingApi, TRACKING_API_TIMEOUT_MS } from './api/tracking';
export type { TrackingApi, NewAccount } from './api/tracking';
export { loginFailureFrom } from './api/loginFailure';
export type { LoginFailure, OpenInvoice } from './api/loginFailure';
export { createProductApi, PRODUCT_API_TIMEOUT_MS } from './api/product';
export type { ProductApi } from './api/product';

// Event bus and stores
export { bus } from './bus/events';
export type { RastroBus, RastroEvents, RastroEventName } from './bus/events';
export { useSessionStore } from './stores/session';
export type { SessionState, SessionStatus } from './stores/session';
export { useServerStore } from './stores/server';
export type { ServerState, ServerStatus } from './stores/server';
export { useDevicesStore } from './stores/devices';
export { usePositionsStore } from './stores/positions';
export { refreshLicence } from './licence/licence';
export { followBrowserHistory, useRouterBridge } from './router/bridge';

// i18n and browser-stored preferences
export { i18n, initI18n } from './i18n/i18n';
export { resolveLanguage, supportedLanguages, toSupportedLanguage } from './i18n/language';
export type { SupportedLanguage, LanguageSources } from './i18n/language';
export { clearPreference, ensureSessionMarker, readPreference, writePreference } from './preferences/preferences';
export { formatCurrency, formatDate } from './units/index';
export { errorCodeMessage, errorMessage } from './errors/errorMessage';

// The look: the page's one Chakra system and the few components the public screens (login,
// register, recovery, maintenance) draw with. Not the design system: that is `@rastro/shared`.
export { createRastroSystem, rastroSystem, setPageSystem } from './theme/system';
export { Alert, Box, Button, ChakraProvider, Checkbox, Field, Flex, Group as ControlGroup, Heading, Image, Input, Link, List, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
export type { SystemContext } from '@chakra-ui/react';
