import { PRODUCT_API_TIMEOUT_MS, TRACKING_API_TIMEOUT_MS, createHttpClient } from '@rastro/shared';

/** SPEC §7's two bases, for the admin screens. */
export const trackingHttp = createHttpClient({ baseUrl: '/api', timeoutMs: TRACKING_API_TIMEOUT_MS });
export const productHttp = createHttpClient({ baseUrl: '/rastro', timeoutMs: PRODUCT_API_TIMEOUT_MS });
