import { MAX_BULK_PERMISSIONS } from '@rastro/shared';
import type { HttpClient } from '@rastro/shared';
import { trackingHttp } from '../api/clients';

/** A permission body, owner first (see permissionBody). */
export type PermissionBody = Record<string, number>;

/**
 * Links (POST) or unlinks (DELETE) many at once with Traccar's `/api/permissions/bulk`, at most
 * MAX_BULK_PERMISSIONS a request (the gateway refuses more). The gateway refuses a request whole
 * when one of its items is refused, so a failure leaves that request's links as they were; the
 * requests before it stay done, and the caller reads the links again.
 */
export async function sendLinks(method: 'POST' | 'DELETE', bodies: readonly PermissionBody[], http: HttpClient = trackingHttp): Promise<void> {
  for (let start = 0; start < bodies.length; start += MAX_BULK_PERMISSIONS) {
    await http.request('/permissions/bulk', { method, json: bodies.slice(start, start + MAX_BULK_PERMISSIONS) });
  }
}
