// @rastro/asaas: an Asaas-compatible payment server (API v3 subset and webhooks) for development
// and tests. See ../README.md.
export { startAsaas } from './start-asaas';
export type { RunningAsaas, StartAsaasOptions } from './start-asaas';
export { personTypeOf } from './tax-id';
export type { Delivery, DeliveryMode, WebhookConfig } from './webhook-sender';
