// Server-safe part of the contract (no React): the gateway imports it as `@rastro/shared/contract`.
export { RASTRO_VERSION } from '../version';
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
  remoteSwitchSchema,
  remoteSwitchesSchema,
  pushSettingsSchema,
  appConfigOverridesSchema,
  themeImageSlots,
  themeImageSlotSchema,
  THEME_IMAGE_MAX_BYTES,
  themeColourNames,
  themeColourSetSchema,
  themeColorsSchema,
  themeColourOverridesSchema,
  mergeThemeOverrides,
  themeLoginSchema,
  themeSettingsSchema,
  themeOverridesSchema,
  themeSchema,
  tenantDomainSchema,
  resellerUpdateSchema,
  resellerSchema,
  resellerListSchema,
  resellerUsageSchema,
  themeEditSchema,
} from './product';
export { DEFAULT_THEME_SETTINGS } from './theme-defaults';
export type {
  RemoteName,
  RemoteEntry,
  RemotesManifest,
  AppConfig,
  ApiErrorBody,
  RemoteSwitch,
  RemoteSwitches,
  PushSettings,
  AppConfigOverrides,
  ThemeImageSlot,
  ThemeColourSet,
  ThemeColourName,
  ThemeColors,
  ThemeSettings,
  ThemeOverrides,
  Theme,
  ResellerUpdate,
  Reseller,
  ResellerUsage,
  ThemeEdit,
} from './product';
export {
  advancedPermissionBits,
  ADVANCED_PERMISSION_BIT_COUNT,
  bitOf,
  parseAdvancedPermissions,
  formatAdvancedPermissions,
  advancedPermissionsHex,
  isAllowed,
  isGrantAllowed,
} from './advanced-permissions';
export type { PermissionArea, PermissionAction, PermissionGrant, AdvancedPermissions, PermissionSubject } from './advanced-permissions';
export { rastroAttributeKeys, attributeFlag, attributeNumber } from './attribute-keys';
export type { RastroAttributeKey } from './attribute-keys';
export { MIN_PASSWORD_LENGTH, passwordLength, isLongEnoughPassword } from './passwords';
export { privilegedUserSettings, privilegedAttribute, mayWritePrivilege } from './privileged-settings';
export type { PrivilegedUserSetting, PrivilegeWriter } from './privileged-settings';
export { EDITION_HEADER, DEVICE_LIMIT_HEADER, editions, UNLIMITED } from './licence';
export type { Edition } from './licence';
export { deviceRemovedMessage, isSoftDeletedUniqueId, softDeletedUniqueId } from './soft-delete';
export {
  SECRET_MASK,
  maskSecret,
  isMaskedSecret,
  paymentIntegrationSchema,
  mailIntegrationSchema,
  invoiceIntegrationSchema,
  integrationKinds,
  integrationKeys,
  integrationKeySchema,
  integrationSchema,
  integrationListSchema,
} from './integrations';
export type {
  IntegrationKey,
  IntegrationSettings,
  PaymentIntegration,
  MailIntegration,
  InvoiceIntegration,
  Integration,
  IntegrationList,
} from './integrations';
export { urlIntegerSchema } from './url-values';
export { MAX_BULK_PERMISSIONS, permissionKeys, permissionLinkSchema, bulkPermissionsSchema } from './permissions';
export type { PermissionKey, PermissionLink } from './permissions';
export { serverSettingsSchema, serverSettingsAttributesSchema, serverSettingAttributes, coordinateFormats, serverChangedMessage, MAX_ZOOM, ANNOUNCEMENT_MAX_LENGTH, serverFeatures, serverFeatureOn } from './server-settings';
export type { ServerSettingsInput, ServerFeature } from './server-settings';
export { auditEntrySchema, auditCursorSchema, auditQuerySchema, auditPageSchema, AUDIT_PAGE_LIMIT_MAX, AUDIT_PAGE_LIMIT_DEFAULT } from './audit';
export type { AuditEntry, AuditQuery, AuditPage } from './audit';
export { WAY_BACK_HEADER, WAY_BACK_HOURS, wayBackSchema } from './acting-as';
export type { WayBack } from './acting-as';
export { SHARE_MAX_DAYS, SHARE_MAX_DEVICES, shareInputSchema, shareSchema, createdShareSchema, shareLoginSchema } from './shares';
export type { ShareInput, Share, CreatedShare } from './shares';
export { autolinkRequestSchema, autolinkResultSchema, autolinkOutcomes } from './autolink';
export type { AutolinkRequest, AutolinkResult } from './autolink';
export {
  accountStates,
  accountStateUpdateSchema,
  accountStateSchema,
  trustUnlockRequestSchema,
  trustUnlockResultSchema,
  TRUST_DAYS_MAX,
  trustUnlockDays,
} from './account-state';
export type { AccountStateName, AccountStateUpdate, AccountState, TrustUnlockRequest, TrustUnlockResult } from './account-state';
export {
  invoiceStatuses,
  paidInvoiceStatuses,
  openInvoiceStatuses,
  invoiceStatusMayMove,
  billingAmountModes,
  dayNumber,
  dateOfDay,
  addDays,
  addMonths,
  amountDueCents,
  userBillingOf,
  isValidTaxId,
  invoiceSchema,
  invoiceListSchema,
  invoiceQuerySchema,
  receiveInCashSchema,
  suspendedInvoiceSchema,
  paymentCodesSchema,
} from './billing';
export type { InvoiceStatus, BillingAmountMode, ChargeTerms, UserBilling, Invoice, InvoiceList, InvoiceQuery, ReceiveInCash, SuspendedInvoice, PaymentCodes } from './billing';
export { QR_ACCESS_ATTRIBUTE, qrDriverUserKeys, qrAccessSchema, qrDriverCheckSchema, qrDriverStateSchema, qrDriverViewSchema } from './qr-driver';
export type { QrAccess, QrDriverCheck, QrDriverState, QrDriverView } from './qr-driver';
// The languages the product speaks, for what the gateway writes itself (mails to payers).
export { supportedLanguages, DEFAULT_LANGUAGE, languageFromAttributes } from '../i18n/language';
export type { SupportedLanguage } from '../i18n/language';
