// @rastro/gateway — the product API (/rastro), the proxy to the tracking server (/api, /api/socket)
// and static hosting of the shell and the remotes. Named exports only: this is the package's API.
export { startGateway } from './gateway';
export type { GatewayOptions, RunningGateway } from './gateway';
export { tenantConfigSchema, loadTenantsFile } from './config/tenants';
export type { TenantConfig, Tenant } from './config/tenants';
export type { RemoteSwitch } from '@rastro/shared/contract';
