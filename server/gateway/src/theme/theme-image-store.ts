import { createHash } from 'node:crypto';
import type { Database } from '@rastro/db';
import { themeImageSlots, type ThemeImageSlot } from '@rastro/shared/contract';
import { DEFAULT_TENANT_KEY } from '../tenants/tenant-layers';
import type { ImageType } from './image-type';

export interface ThemeImage {
  contentType: ImageType;
  bytes: Buffer;
  /** Content hash: the `?v=` of the image's URL, and its ETag. */
  hash: string;
}

export type ThemeImageUrls = Record<ThemeImageSlot, string | null>;

/** Where a browser fetches a slot's image; the hash makes every upload a new URL, so it caches forever. */
export const themeImageUrl = (slot: ThemeImageSlot, hash: string): string => `/rastro/assets/custom/images/${slot}?v=${hash}`;

// The tenant's own image first, else the default tenant's: a reseller that uploads only a logo
// keeps the installation's favicon.
const OWN_FIRST = `ORDER BY slot, (domain = '${DEFAULT_TENANT_KEY}')`;
const keysOf = (key: string) => [...new Set([key, DEFAULT_TENANT_KEY])];

/** `rastro_theme_images`: the bytes of uploaded logos and backgrounds, per tenant key. */
export class ThemeImageStore {
  constructor(private readonly db: Database) {}

  async save(key: string, slot: ThemeImageSlot, contentType: ImageType, bytes: Buffer): Promise<string> {
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    await this.db.query(
      `INSERT INTO rastro_theme_images (domain, slot, content_type, bytes, hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (domain, slot) DO UPDATE SET content_type = $3, bytes = $4, hash = $5, updated_at = now()`,
      [key, slot, contentType, bytes, hash],
    );
    return hash;
  }

  async remove(key: string, slot: ThemeImageSlot): Promise<boolean> {
    return (await this.db.query('DELETE FROM rastro_theme_images WHERE domain = $1 AND slot = $2 RETURNING slot', [key, slot])).length > 0;
  }

  /** The image a tenant shows in a slot (its own, else the default tenant's), or null. */
  async find(key: string, slot: ThemeImageSlot): Promise<ThemeImage | null> {
    const [row] = await this.db.query<{ content_type: ImageType; bytes: Uint8Array; hash: string }>(
      `SELECT DISTINCT ON (slot) content_type, bytes, hash FROM rastro_theme_images WHERE domain = ANY($1::text[]) AND slot = $2 ${OWN_FIRST}`,
      [keysOf(key), slot],
    );
    return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes), hash: row.hash } : null;
  }

  /** Every slot's versioned URL for a tenant; null where neither it nor the default tenant has an image. */
  async urls(key: string): Promise<ThemeImageUrls> {
    const rows = await this.db.query<{ slot: ThemeImageSlot; hash: string }>(
      `SELECT DISTINCT ON (slot) slot, hash FROM rastro_theme_images WHERE domain = ANY($1::text[]) ${OWN_FIRST}`,
      [keysOf(key)],
    );
    const hashes = new Map(rows.map((row) => [row.slot, row.hash]));
    return Object.fromEntries(themeImageSlots.map((slot) => [slot, hashes.has(slot) ? themeImageUrl(slot, hashes.get(slot) ?? '') : null])) as ThemeImageUrls;
  }
}
