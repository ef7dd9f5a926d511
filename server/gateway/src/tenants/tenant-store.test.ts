import { createScratchDatabase, type Database } from '@rastro/db';
import { createTenantDirectory } from '../config/tenants';
import { openGatewayDatabase } from '../store/gateway-database';
import { DEFAULT_TENANT_KEY } from './tenant-layers';
import { TenantResolver } from './tenant-resolver';
import { blankTenant, TenantStore } from './tenant-store';

/** Stored tenants and how they layer over the tenants file, on both database drivers. */
describe.each([
  { driver: 'PGlite', serverUrl: undefined as string | undefined },
  { driver: 'PostgreSQL', serverUrl: process.env.TEST_DATABASE_URL },
])('tenants on $driver', ({ driver, serverUrl }) => {
  const skip = driver === 'PostgreSQL' && !serverUrl;
  const test = skip ? it.skip : it;
  let db: Database;
  let drop = async () => undefined as void;
  let store: TenantStore;

  beforeAll(async () => {
    if (skip) return;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
    if (scratch) drop = scratch.drop;
    db = await openGatewayDatabase({ databaseUrl: scratch?.url });
    store = new TenantStore(db);
  }, 30_000);

  afterAll(async () => {
    if (skip) return;
    await db.close();
    await drop();
  });

  test('saves a tenant whole and reads it back, keyed by the lower-case domain', async () => {
    const saved = await store.save({ ...blankTenant('Shop.Example'), ownerUserId: 7, remotes: { mf_billing: { enabled: false } }, config: { title: 'Shop' }, deviceLimit: 20 });
    expect(saved).toMatchObject({ domain: 'shop.example', ownerUserId: 7, parentUserId: null, deviceLimit: 20, userLimit: -1 });
    await store.save({ ...saved, config: { title: 'Shop 2' } });
    expect((await store.find('shop.example'))?.config).toEqual({ title: 'Shop 2' });
    expect(await store.list(7)).toHaveLength(1);
    expect(await store.list(8)).toHaveLength(0);
  });

  test('layers: file default, stored default, file domain, stored domain — later wins, colours merged one by one', async () => {
    const file = createTenantDirectory({
      default: { remotes: { mf_admin: { enabled: false } }, config: { title: 'File' }, theme: { colors: { primary: '#000001', text: '#000002' } } },
      domains: { 'seeded.example': { remotes: { mf_map: { enabled: false } }, config: { title: 'Seeded' }, theme: { colors: { text: '#000003' } } } },
    });
    const resolver = new TenantResolver(file, store);
    await store.saveTheme(DEFAULT_TENANT_KEY, { colors: { primary: '#000010' } });
    await store.save({ ...blankTenant('seeded.example'), remotes: { mf_map: { enabled: true, entry: 'https://cdn.example/m.json' } }, theme: { appName: 'Stored' } });

    const seeded = await resolver.forDomain('SEEDED.example');
    expect(seeded.key).toBe('seeded.example');
    expect(seeded.remotes).toEqual({ mf_admin: { enabled: false }, mf_map: { enabled: true, entry: 'https://cdn.example/m.json' } });
    expect(seeded.config.title).toBe('Seeded');
    expect(seeded.theme).toMatchObject({ appName: 'Stored', colors: { primary: '#000010', text: '#000003' } });

    const unknown = await resolver.forDomain('nobody.example');
    expect(unknown.key).toBe(DEFAULT_TENANT_KEY);
    expect(unknown.theme.colors).toEqual({ primary: '#000010', text: '#000002' });
    expect(await resolver.keyFor(undefined)).toBe(DEFAULT_TENANT_KEY);
  });

  test('drops stored values the contract no longer allows instead of failing the page', async () => {
    await db.query(`INSERT INTO rastro_tenants (domain, theme) VALUES ('old.example', '{"colors":{"primary":"red"}}')`);
    expect((await store.find('old.example'))?.theme).toEqual({});
  });

  test('refuses a domain that is not lower-case at the database too', async () => {
    await expect(db.query(`INSERT INTO rastro_tenants (domain) VALUES ('Upper.Example')`)).rejects.toMatchObject({ code: '23514' });
  });
});
