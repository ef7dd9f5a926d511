import { createScratchDatabase, type Database } from '@rastro/db';
import { openGatewayDatabase } from '../store/gateway-database';
import { DEFAULT_TENANT_KEY } from '../tenants/tenant-layers';
import { ThemeImageStore } from './theme-image-store';

/** Image bytes in and out of bytea unchanged, and the default tenant's image as the fallback, on both drivers. */
describe.each([
  { driver: 'PGlite', serverUrl: undefined as string | undefined },
  { driver: 'PostgreSQL', serverUrl: process.env.TEST_DATABASE_URL },
])('theme images on $driver', ({ driver, serverUrl }) => {
  const skip = driver === 'PostgreSQL' && !serverUrl;
  const test = skip ? it.skip : it;
  let db: Database;
  let drop = async () => undefined as void;
  let images: ThemeImageStore;

  beforeAll(async () => {
    if (skip) return;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
    if (scratch) drop = scratch.drop;
    db = await openGatewayDatabase({ databaseUrl: scratch?.url });
    images = new ThemeImageStore(db);
  }, 30_000);

  afterAll(async () => {
    if (skip) return;
    await db.close();
    await drop();
  });

  test("keeps every byte, and falls back to the default tenant's image", async () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, value) => value));
    const hash = await images.save(DEFAULT_TENANT_KEY, 'favicon', 'image/x-icon', everyByte);
    const found = await images.find('shop.example', 'favicon');
    expect(found?.bytes.equals(everyByte)).toBe(true);
    expect(found).toMatchObject({ contentType: 'image/x-icon', hash });
    expect((await images.urls('shop.example')).favicon).toBe(`/rastro/assets/custom/images/favicon?v=${hash}`);
  });

  test("prefers the tenant's own image, and shows the default again once it is removed", async () => {
    const own = await images.save('shop.example', 'favicon', 'image/png', Buffer.from('own'));
    expect((await images.urls('shop.example')).favicon).toContain(own);
    expect((await images.urls('other.example')).favicon).not.toContain(own);
    expect(await images.remove('shop.example', 'favicon')).toBe(true);
    expect((await images.find('shop.example', 'favicon'))?.contentType).toBe('image/x-icon');
    expect((await images.urls('shop.example')).headLogo).toBeNull();
  });
});
