import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { appConfigSchema, remotesManifestSchema, resellerUsageSchema, THEME_IMAGE_MAX_BYTES, themeEditSchema, themeSchema, type Reseller, type Theme, type ThemeEdit } from '@rastro/shared/contract';
import { startGateway, type RunningGateway } from '../gateway';
import { send, type RawResponse } from '../test-support/http';
import { signIn } from '../test-support/sign-in';

const RESELLER_DOMAIN = 'track.reseller.example';
const RESELLER_HOST = 'TRACK.Reseller.Example:8080';
const OTHER_HOST = 'unknown.example';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** What a browser on `host` signed in with `cookie` gets from the gateway. */
function client(gateway: RunningGateway, host: string, cookie?: string) {
  const headers = { host, accept: 'application/json', ...(cookie ? { cookie } : {}) };
  return {
    get: (path: string) => send(`${gateway.url}${path}`, { headers }),
    json: (method: string, path: string, body: unknown) =>
      send(`${gateway.url}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    upload: (path: string, bytes: Buffer, contentType = 'image/png') => send(`${gateway.url}${path}`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body: bytes }),
  };
}

const remoteNamesOf = (res: RawResponse) => remotesManifestSchema.parse(res.json()).remotes;

// A reseller's domain gets its own remotes, config and theme, set through the product API by an
// administrator and by the reseller itself, over real HTTP against the real tracker.
describe('white label per domain', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  let admin: string;
  let reseller: { id: number; cookie: string };
  let plainUser: string;

  async function createUser(email: string, attributes: Record<string, unknown>): Promise<{ id: number; cookie: string }> {
    const created = await client(gateway, OTHER_HOST, admin).json('POST', '/api/users', { name: email, email, password: 'secret1', attributes });
    expect(created.status).toBe(200);
    return { id: created.json<{ id: number }>().id, cookie: (await signIn(gateway.url, email, 'secret1')) ?? '' };
  }

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 2, intervalMs: 1000 }, logger: false });
    gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      traccarUrl: tracker.url,
      logger: false,
      // Reseller usage is counted through the service account.
      serviceAccount: { user: demoAccount.email, password: demoAccount.password },
      // The operator's file seeds the default tenant; the database overlays it.
      tenants: { default: { remotes: {}, config: { title: 'Fleet HQ' }, theme: { colors: { secondary: '#123456' } } } },
    });
    admin = (await signIn(gateway.url, demoAccount.email, demoAccount.password)) ?? '';
    reseller = await createUser('reseller@track.example', { 'rastro.reseller': true, 'rastro.resellerDomain': RESELLER_DOMAIN });
    plainUser = (await createUser('driver@track.example', {})).cookie;

    const saved = await client(gateway, OTHER_HOST, admin).json('PUT', `/rastro/resellers/${RESELLER_DOMAIN}`, {
      ownerUserId: reseller.id,
      remotes: { mf_billing: { enabled: false }, mf_map: { enabled: true, entry: 'https://cdn.reseller.example/map/mf-manifest.json' } },
      config: { title: 'Reseller Track', messagingLink: 'https://chat.example/5511999999999' },
      deviceLimit: 50,
      userLimit: 10,
    });
    expect(saved.status).toBe(200);
    // A tracker, a gateway and the service account's sign-in: 30 s was not enough on a busy machine.
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
  });

  it("gives the reseller's domain (any case, any port) its own remotes and config", async () => {
    const remotes = remoteNamesOf(await client(gateway, RESELLER_HOST).get('/rastro/remotes'));
    expect(remotes.map((remote) => remote.name)).toEqual(['mf_map', 'mf_fleet', 'mf_reports', 'mf_admin']);
    expect(remotes[0]?.entry).toBe('https://cdn.reseller.example/map/mf-manifest.json');

    const config = appConfigSchema.parse((await client(gateway, RESELLER_HOST).get('/rastro/assets/custom/config.json')).json());
    expect(config).toMatchObject({ title: 'Reseller Track', messagingLink: 'https://chat.example/5511999999999' });
  });

  it('gives an unknown domain the default tenant: every remote, the file title, the default theme', async () => {
    expect(remoteNamesOf(await client(gateway, OTHER_HOST).get('/rastro/remotes'))).toHaveLength(5);
    expect((await client(gateway, OTHER_HOST).get('/rastro/assets/custom/config.json')).json()).toMatchObject({ title: 'Fleet HQ' });
    const theme = themeSchema.parse((await client(gateway, OTHER_HOST).get('/rastro/theme')).json());
    expect(theme).toMatchObject({ appName: 'Rastro', logoWidth: 80, colors: { secondary: '#123456' }, images: { headLogo: null } });
    // Dark mode's colours come with every theme, from Rastro's defaults when nobody set them.
    expect(theme.colors.dark).toMatchObject({ background: '#111827', text: '#f3f4f6' });
  });

  it('lets the reseller theme its own domain, keeping what it does not set from the default tenant', async () => {
    const put = await client(gateway, RESELLER_HOST, reseller.cookie).json('PUT', '/rastro/theme', {
      appName: 'Reseller Track',
      colors: { primary: '#ff0000', dark: { primary: '#7b1fa2' } },
      login: { showRegisterLink: false },
    });
    expect(put.status).toBe(200);
    const theme = themeSchema.parse((await client(gateway, RESELLER_HOST).get('/rastro/theme')).json());
    expect(theme).toMatchObject({
      appName: 'Reseller Track',
      colors: { primary: '#ff0000', secondary: '#123456', dark: { primary: '#7b1fa2', background: '#111827' } },
      login: { showRegisterLink: false, showSharedLinkAccess: true },
    });
    // Other domains do not see it.
    expect((await client(gateway, OTHER_HOST).get('/rastro/theme')).json<Theme>().colors.primary).not.toBe('#ff0000');
  });

  it('keeps the theme a save replaced, and puts it back on undo (a second undo redoes)', async () => {
    const asReseller = client(gateway, RESELLER_HOST, reseller.cookie);
    const before = (await asReseller.get('/rastro/theme/edit')).json<ThemeEdit>();
    expect(before).toMatchObject({ domain: RESELLER_DOMAIN, own: { appName: 'Reseller Track' }, effective: { appName: 'Reseller Track' } });

    expect((await asReseller.json('PUT', '/rastro/theme', { appName: 'Second Look', colors: { primary: '#00695c' } })).status).toBe(200);
    const edited = themeEditSchema.parse((await asReseller.get('/rastro/theme/edit')).json());
    expect(edited.own).toEqual({ appName: 'Second Look', colors: { primary: '#00695c' } });
    expect(edited.previous).toEqual(before.own);

    const undone = await asReseller.json('POST', '/rastro/theme/undo', {});
    expect(undone.status).toBe(200);
    expect(undone.json<Theme>()).toMatchObject({ appName: 'Reseller Track', colors: { primary: '#ff0000' } });
    expect((await client(gateway, RESELLER_HOST).get('/rastro/theme')).json<Theme>().appName).toBe('Reseller Track');

    expect((await asReseller.json('POST', '/rastro/theme/undo', {})).json<Theme>().appName).toBe('Second Look');
    expect((await asReseller.json('POST', '/rastro/theme/undo', {})).json<Theme>().appName).toBe('Reseller Track');
    // An administrator reaches the same domain's history from elsewhere; a plain user does not.
    expect((await client(gateway, OTHER_HOST, admin).get(`/rastro/theme/edit?domain=${RESELLER_DOMAIN}`)).json<ThemeEdit>().previous).toMatchObject({ appName: 'Second Look' });
    expect((await client(gateway, RESELLER_HOST, plainUser).json('POST', '/rastro/theme/undo', {})).status).toBe(403);
  });

  it('answers 409 NOTHING_TO_UNDO for a domain whose theme never changed', async () => {
    expect((await client(gateway, OTHER_HOST, admin).json('PUT', '/rastro/resellers/fresh.example', { theme: { appName: 'Fresh' } })).status).toBe(200);
    const res = await client(gateway, OTHER_HOST, admin).json('POST', '/rastro/theme/undo', { domain: 'fresh.example' });
    expect(res.status).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOTHING_TO_UNDO' });
    expect((await client(gateway, 'fresh.example').get('/rastro/theme')).json<Theme>().appName).toBe('Fresh');
  });

  it("counts what a reseller's tree holds against its limits", async () => {
    const usage = await client(gateway, RESELLER_HOST, reseller.cookie).get(`/rastro/resellers/${RESELLER_DOMAIN}/usage`);
    expect(usage.status).toBe(200);
    expect(resellerUsageSchema.parse(usage.json())).toEqual({ devices: 0, users: 0 });
    expect((await client(gateway, OTHER_HOST, plainUser).get(`/rastro/resellers/${RESELLER_DOMAIN}/usage`)).status).toBe(403);
  });

  it("refuses theme writes from non-administrators on someone else's domain, and without a session", async () => {
    const byUser = await client(gateway, RESELLER_HOST, plainUser).json('PUT', '/rastro/theme', { appName: 'Mine' });
    expect(byUser.status).toBe(403);
    expect(byUser.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
    expect((await client(gateway, OTHER_HOST, reseller.cookie).json('PUT', '/rastro/theme', { appName: 'Mine' })).status).toBe(403);
    expect((await client(gateway, RESELLER_HOST).json('PUT', '/rastro/theme', { appName: 'Mine' })).status).toBe(401);
    expect((await client(gateway, RESELLER_HOST).get('/rastro/theme')).json<Theme>().appName).toBe('Reseller Track');
  });

  it('refuses a colour that is not #rrggbb, naming the field, and stores nothing', async () => {
    const bad = await client(gateway, RESELLER_HOST, reseller.cookie).json('PUT', '/rastro/theme', { appName: 'Changed', colors: { primary: 'red' } });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_INPUT', fields: ['colors.primary'] });
    const badDark = await client(gateway, RESELLER_HOST, reseller.cookie).json('PUT', '/rastro/theme', { appName: 'Changed', colors: { dark: { text: '#fff' } } });
    expect(badDark.status).toBe(400);
    expect(badDark.json()).toMatchObject({ code: 'INVALID_INPUT', fields: ['colors.dark.text'] });
    expect((await client(gateway, RESELLER_HOST).get('/rastro/theme')).json<Theme>().appName).toBe('Reseller Track');
  });

  it('lets an administrator change the default theme, seen by every domain that does not override it', async () => {
    expect((await client(gateway, OTHER_HOST, admin).json('PUT', '/rastro/theme', { logoWidth: 60 })).status).toBe(200);
    expect((await client(gateway, OTHER_HOST).get('/rastro/theme')).json<Theme>().logoWidth).toBe(60);
    expect((await client(gateway, RESELLER_HOST).get('/rastro/theme')).json<Theme>().logoWidth).toBe(60);
  });

  it('keeps a reseller from changing its own owner and limits', async () => {
    const res = await client(gateway, RESELLER_HOST, reseller.cookie).json('PUT', `/rastro/resellers/${RESELLER_DOMAIN}`, { ownerUserId: reseller.id, deviceLimit: 5000, userLimit: 10 });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED', fields: ['deviceLimit'] });
    const own = await client(gateway, RESELLER_HOST, reseller.cookie).get(`/rastro/resellers/${RESELLER_DOMAIN}`);
    expect(own.json<Reseller>()).toMatchObject({ deviceLimit: 50, ownerUserId: reseller.id });
    expect((await client(gateway, OTHER_HOST, plainUser).get(`/rastro/resellers/${RESELLER_DOMAIN}`)).status).toBe(403);
  });

  it('lets a reseller allowed sub-resellers create one within its own limits, as its parent', async () => {
    const parent = await createUser('parent@track.example', { 'rastro.reseller': true, 'rastro.resellerDomain': 'parent.example', 'rastro.canCreateSubResellers': true });
    expect((await client(gateway, OTHER_HOST, admin).json('PUT', '/rastro/resellers/parent.example', { ownerUserId: parent.id, deviceLimit: 100 })).status).toBe(200);
    const asParent = client(gateway, 'parent.example', parent.cookie);

    const beyond = await asParent.json('PUT', '/rastro/resellers/sub.parent.example', { deviceLimit: 500 });
    expect(beyond.status).toBe(403);
    expect(beyond.json()).toMatchObject({ fields: ['deviceLimit'] });
    const unlimited = await asParent.json('PUT', '/rastro/resellers/sub.parent.example', { deviceLimit: -1 });
    expect(unlimited.json()).toMatchObject({ fields: ['deviceLimit'] });

    const created = await asParent.json('PUT', '/rastro/resellers/sub.parent.example', { deviceLimit: 40, config: { title: 'Sub' } });
    expect(created.status).toBe(200);
    expect(created.json()).toMatchObject({ domain: 'sub.parent.example', parentUserId: parent.id, deviceLimit: 40 });
    // Someone else's domain stays out of reach, and a reseller without the flag creates none.
    expect((await asParent.json('PUT', `/rastro/resellers/${RESELLER_DOMAIN}`, { deviceLimit: 1 })).status).toBe(403);
    expect((await client(gateway, RESELLER_HOST, reseller.cookie).json('PUT', '/rastro/resellers/other.reseller.example', {})).status).toBe(403);
    const listed = (await asParent.get('/rastro/resellers')).json<{ resellers: Reseller[] }>().resellers.map((entry) => entry.domain);
    expect(listed).toEqual(['parent.example', 'sub.parent.example']);
  });

  it('describes the white-label routes in the OpenAPI document', async () => {
    const paths = Object.keys((await client(gateway, OTHER_HOST).get('/rastro/openapi.json')).json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/rastro/theme', '/rastro/theme/images/{slot}', '/rastro/resellers/{domain}', '/rastro/manifest.webmanifest']));
  });

  describe('theme images', () => {
    it('stores an uploaded PNG and serves it back with its type at the versioned URL the theme and config carry', async () => {
      const upload = await client(gateway, RESELLER_HOST, reseller.cookie).upload('/rastro/theme/images/headLogo', PNG);
      expect(upload.status).toBe(200);
      const { url } = upload.json<{ url: string }>();
      expect(url).toMatch(/^\/rastro\/assets\/custom\/images\/headLogo\?v=[0-9a-f]+$/);

      const image = await client(gateway, RESELLER_HOST).get(url);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toContain('immutable');
      expect(image.body.equals(PNG)).toBe(true);

      expect((await client(gateway, RESELLER_HOST).get('/rastro/theme')).json<Theme>().images.headLogo).toBe(url);
      expect((await client(gateway, RESELLER_HOST).get('/rastro/assets/custom/config.json')).json()).toMatchObject({ headLogo: url });
      expect((await client(gateway, OTHER_HOST).get('/rastro/theme')).json<Theme>().images.headLogo).toBeNull();
      expect((await client(gateway, OTHER_HOST).get(url)).status).toBe(404);
    });

    it('refuses a text file sent as a PNG', async () => {
      const res = await client(gateway, RESELLER_HOST, reseller.cookie).upload('/rastro/theme/images/favicon', Buffer.from('definitely not a picture'));
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_IMAGE' });
      expect((await client(gateway, RESELLER_HOST).get('/rastro/assets/custom/images/favicon')).status).toBe(404);
    });

    it('refuses an image over 1 MB', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(THEME_IMAGE_MAX_BYTES)]);
      const res = await client(gateway, RESELLER_HOST, reseller.cookie).upload('/rastro/theme/images/loginBackground', big);
      expect(res.status).toBe(413);
      expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    });

    it('refuses an unknown slot', async () => {
      const res = await client(gateway, RESELLER_HOST, reseller.cookie).upload('/rastro/theme/images/wallpaper', PNG);
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_INPUT', fields: ['slot'] });
    });
  });

  it("serves a web app manifest in the domain's name and colours", async () => {
    const res = await client(gateway, RESELLER_HOST).get('/rastro/manifest.webmanifest');
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json<{ name: string; short_name: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] }>();
    expect(manifest).toMatchObject({ id: '/', scope: '/', name: 'Reseller Track', short_name: 'Reseller Tra', theme_color: '#ff0000' });
    // The uploaded logo with its real type and size; too small to install with, so the domain's generated icon too.
    expect(manifest.icons).toEqual([
      { src: (await client(gateway, RESELLER_HOST).get('/rastro/theme')).json<Theme>().images.headLogo, sizes: '1x1', type: 'image/png', purpose: 'any' },
      { src: '/rastro/manifest-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any maskable' },
    ]);
    const icon = await client(gateway, RESELLER_HOST).get('/rastro/manifest-icon.svg');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.text).toContain('fill="#ff0000"');
    expect(icon.text).toMatch(/>R<\/text>/);
  });

  it('serves the notification sounds', async () => {
    const sound = await client(gateway, OTHER_HOST).get('/rastro/assets/custom/sounds/audio24.wav');
    expect(sound.status).toBe(200);
    expect(sound.headers['content-type']).toBe('audio/wav');
    expect(sound.body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect((await client(gateway, OTHER_HOST).get('/rastro/assets/custom/sounds/audio25.wav')).status).toBe(400);
  });

  it('refuses theme writes in the free edition, even to an administrator', async () => {
    const free = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, logger: false, edition: 'free' });
    try {
      const cookie = (await signIn(free.url, demoAccount.email, demoAccount.password)) ?? '';
      const res = await client(free, OTHER_HOST, cookie).json('PUT', '/rastro/theme', { appName: 'Free' });
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PAID_EDITION_REQUIRED' });
    } finally {
      await free.close();
    }
  }, 30_000);
});
