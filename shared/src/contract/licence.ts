/**
 * What the gateway tells the front end about the installation's licence, as headers on
 * `GET /api/server` (the shell reads them at start). Exposed to scripts through
 * Access-Control-Expose-Headers.
 */
export const EDITION_HEADER = 'X-Rastro-Edition';
/** Devices that may still be created under the licence, or -1 when it sets no limit. */
export const DEVICE_LIMIT_HEADER = 'X-Rastro-Device-Limit';

export const editions = ['paid', 'free'] as const;
export type Edition = (typeof editions)[number];

/** -1 in a device limit means no limit (SPEC §9). */
export const UNLIMITED = -1;
