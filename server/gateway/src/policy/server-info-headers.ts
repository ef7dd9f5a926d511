import { DEVICE_LIMIT_HEADER, EDITION_HEADER, UNLIMITED } from '@rastro/shared/contract';
import type { Licence } from '../config/licence';
import type { TrackingLookups } from './tracking-lookups';

/** Every browser reads /api/server at start: the count behind the header is kept this long. */
const COUNT_TTL_MS = 5_000;

/**
 * The licence as headers on `GET /api/server`: the edition, and the devices that may still be
 * created (-1 without a licence limit). The shell reads them; scripts may too (exposed for CORS).
 */
export class ServerInfoHeaders {
  private count: { value: Promise<number>; expiresAt: number } | null = null;

  constructor(
    private readonly licence: Licence,
    private readonly lookups: TrackingLookups,
  ) {}

  /** Header name → value. Without a way to count (no service account) the device limit header is left out. */
  async headers(onCountFailure: (error: unknown) => void): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      [EDITION_HEADER]: this.licence.edition,
      'Access-Control-Expose-Headers': `${EDITION_HEADER}, ${DEVICE_LIMIT_HEADER}`,
    };
    try {
      headers[DEVICE_LIMIT_HEADER] = String(await this.remainingDevices());
    } catch (error) {
      onCountFailure(error);
    }
    return headers;
  }

  /** A device was created or deleted through this gateway: the next header counts afresh. */
  forgetCount(): void {
    this.count = null;
  }

  private async remainingDevices(): Promise<number> {
    if (this.licence.deviceLimit <= 0) return UNLIMITED;
    return Math.max(0, this.licence.deviceLimit - (await this.allDevices()));
  }

  private allDevices(): Promise<number> {
    if (this.count && this.count.expiresAt > Date.now()) return this.count.value;
    const value = this.lookups.countAllDevices();
    value.catch(() => (this.count = null));
    this.count = { value, expiresAt: Date.now() + COUNT_TTL_MS };
    return value;
  }
}
