import { advancedPermissionsHex, THEME_IMAGE_MAX_BYTES, type PermissionGrant } from '@rastro/shared/contract';
import { demoAccount } from '@rastro/tracker';
import Fastify from 'fastify';
import type { RunningGateway } from '../gateway';
import { send, type RawResponse } from '../test-support/http';
import { signIn } from '../test-support/sign-in';
import { startTrackingFixture, type TrackingFixture } from '../test-support/tracking-fixture';
import { ProductRoutes } from './product-routes';

type Json = Record<string, unknown>;

/** A caller on `host`: a browser signed in with a session `cookie`, an API client sending only `{ authorization }`, or anonymous. */
function browser(gateway: RunningGateway, credential: string | { authorization: string } | null, host = 'access.test') {
  const headers = { host, accept: 'application/json', ...(typeof credential === 'string' ? { cookie: credential } : credential) };
  return {
    call: (method: string, path: string, body?: unknown): Promise<RawResponse> =>
      send(`${gateway.url}${path}`, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) }),
    raw: (method: string, path: string, body: string | Buffer, contentType: string): Promise<RawResponse> =>
      send(`${gateway.url}${path}`, { method, headers: { ...headers, 'content-type': contentType }, body }),
  };
}

const codeOf = (response: RawResponse) => [response.status, response.json<{ code: string }>().code];

// Who may call a product route is decided before its input is read: a caller without the right
// learns nothing about what the route accepts (401/403, never a 400 or 413), over real HTTP.
describe('product API access', () => {
  let fixture: TrackingFixture;
  let gateway: RunningGateway;
  let admin: string;

  async function createUser(email: string, fields: Json = {}): Promise<{ id: number; cookie: string }> {
    const created = await browser(gateway, admin).call('POST', '/api/users', { name: email, email, password: 'secret1', ...fields });
    expect(created.status).toBe(200);
    return { id: created.json<{ id: number }>().id, cookie: (await signIn(gateway.url, email, 'secret1')) ?? '' };
  }

  beforeAll(async () => {
    fixture = await startTrackingFixture({ webRoot: '/nonexistent' });
    gateway = fixture.gateway;
    admin = fixture.admin.cookie;
  }, 30_000);

  afterAll(() => fixture?.close());

  /** Writes whose input is wrong in every way; what each caller gets must not depend on that. */
  const BAD_INPUT: ReadonlyArray<readonly [method: string, path: string, body: unknown]> = [
    ['POST', '/rastro/shares', { name: 7, deviceIds: 'all' }],
    ['PUT', '/rastro/shares/not-an-id', {}],
    ['POST', '/rastro/integrations/mail', { port: 'twenty-five' }],
    ['PUT', '/rastro/resellers/not a domain!', { deviceLimit: 'many' }],
    ['POST', '/rastro/qr-driver', { id: 'first' }],
    ['PUT', '/rastro/theme?domain=bad%20domain', { colors: { primary: 'red' } }],
    ['GET', '/rastro/server/logs?cursor=zero&limit=9999', undefined],
    ['POST', '/rastro/autolink', { uniqueId: 42 }],
  ];

  it.each(BAD_INPUT)('%s %s without a session: 401 USER_NOT_AUTHED, not 400', async (method, path, body) => {
    expect(codeOf(await browser(gateway, null).call(method, path, body))).toEqual([401, 'USER_NOT_AUTHED']);
  });

  it('an unparsable body or an oversized upload is refused as unauthorised first', async () => {
    expect(codeOf(await browser(gateway, null).raw('POST', '/rastro/integrations/mail', '{"port":', 'application/json'))).toEqual([401, 'USER_NOT_AUTHED']);
    const tooLarge = Buffer.alloc(THEME_IMAGE_MAX_BYTES + 1);
    expect(codeOf(await browser(gateway, null).raw('POST', '/rastro/theme/images/headLogo', tooLarge, 'image/png'))).toEqual([401, 'USER_NOT_AUTHED']);
  });

  it('a signed-in user without the right gets 403 whatever it sends; an administrator gets the 400', async () => {
    const plain = await createUser('plain@access.test');
    const readonly = await createUser('readonly@access.test', { readonly: true });
    const refusals = {
      '/rastro/integrations/mail': [403, 'WRITE_ACCESS_DENIED'],
      '/rastro/resellers/not a domain!': [403, 'WRITE_ACCESS_DENIED'],
      '/rastro/qr-driver': [403, 'WRITE_ACCESS_DENIED'],
      '/rastro/theme?domain=bad%20domain': [403, 'WRITE_ACCESS_DENIED'],
      '/rastro/server/logs?cursor=zero&limit=9999': [403, 'WRITE_ACCESS_DENIED'],
    } as Record<string, [number, string]>;
    for (const [method, path, body] of BAD_INPUT) {
      const expected = refusals[path];
      if (expected) expect([path, ...codeOf(await browser(gateway, plain.cookie).call(method, path, body))]).toEqual([path, ...expected]);
    }
    expect(codeOf(await browser(gateway, readonly.cookie).call('POST', '/rastro/autolink', { uniqueId: 42 }))).toEqual([403, 'ACCOUNT_IS_READONLY']);
    expect(codeOf(await browser(gateway, plain.cookie).raw('POST', '/rastro/theme/images/headLogo', Buffer.alloc(THEME_IMAGE_MAX_BYTES + 1), 'image/png'))).toEqual([403, 'WRITE_ACCESS_DENIED']);

    for (const [method, path, body] of BAD_INPUT.filter(([, path]) => path !== '/rastro/qr-driver')) {
      const response = await browser(gateway, admin).call(method, path, body);
      expect([path, response.status, response.json<{ code: string }>().code]).toEqual([path, 400, 'INVALID_INPUT']);
    }
  });

  // Traccar's GET /api/session ignores the Authorization header (so does the tracker): the gateway
  // must still tell who an API client is that sends a token or a password instead of a cookie.
  it('an API client with only a Bearer token or Basic password is recognised as its user; a wrong one is anonymous', async () => {
    const plain = await createUser('api-client@access.test');
    const tokenOf = async (cookie: string) => (await browser(gateway, cookie).call('POST', '/api/session/token')).text;
    const basic = (email: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const adminOnly = '/rastro/server/logs';

    expect((await browser(gateway, bearer(await tokenOf(admin))).call('GET', adminOnly)).status).toBe(200);
    expect((await browser(gateway, basic(demoAccount.email, demoAccount.password)).call('GET', adminOnly)).status).toBe(200);
    expect(codeOf(await browser(gateway, bearer(await tokenOf(plain.cookie))).call('GET', adminOnly))).toEqual([403, 'WRITE_ACCESS_DENIED']);
    expect(codeOf(await browser(gateway, basic('api-client@access.test', 'secret1')).call('GET', adminOnly))).toEqual([403, 'WRITE_ACCESS_DENIED']);

    expect(codeOf(await browser(gateway, bearer('not-a-token')).call('GET', adminOnly))).toEqual([401, 'USER_NOT_AUTHED']);
    expect(codeOf(await browser(gateway, basic(demoAccount.email, 'wrong')).call('GET', adminOnly))).toEqual([401, 'USER_NOT_AUTHED']);
    expect(codeOf(await browser(gateway, { authorization: 'Digest whatever' }).call('GET', adminOnly))).toEqual([401, 'USER_NOT_AUTHED']);
  });

  it('will not register a route that is not public without saying who may call it (and, for a write, whom it admits)', () => {
    const routes = new ProductRoutes();
    expect(() => routes.add(Fastify(), { method: 'POST', path: '/anything', summary: 'x', tag: 'x' }, async () => undefined)).toThrow(/authorize/);
    // A write must also say whom it admits: the role × credential matrix is generated from it.
    expect(() => routes.add(Fastify(), { method: 'POST', path: '/anything', summary: 'x', tag: 'x', authorize: async () => undefined }, async () => undefined)).toThrow(/callers/);
  });

  describe('reseller advanced permissions (bits 104 reseller, 105 sub-resellers)', () => {
    const resellerWith = async (name: string, grants: PermissionGrant[]) => {
      const domain = `${name}.access.test`;
      const user = await createUser(`${name}@access.test`, {
        userLimit: 5,
        attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': domain, 'rastro.canCreateSubResellers': true, 'rastro.advancedPerms': advancedPermissionsHex(grants) },
      });
      expect((await browser(gateway, admin).call('PUT', `/rastro/resellers/${domain}`, { ownerUserId: user.id })).status).toBe(200);
      return { ...user, domain, on: browser(gateway, user.cookie, domain) };
    };
    const setAdvancedPermissions = async (on: boolean) => {
      const server = (await browser(gateway, admin).call('GET', '/api/server')).json<Json & { attributes: Json }>();
      const attributes = { ...server.attributes, 'rastro.enableAdvancedPerms': on };
      expect((await browser(gateway, admin).call('PUT', '/api/server', { ...server, attributes })).status).toBe(200);
    };

    afterAll(() => setAdvancedPermissions(false));

    it('a reseller needs bit 104 to manage its domain and its theme, and bit 105 to create sub-resellers', async () => {
      const none = await resellerWith('nobits', []);
      const manager = await resellerWith('managebits', [['reseller', 'view']]);
      const parent = await resellerWith('parentbits', [['reseller', 'view'], ['reseller', 'subReseller']]);
      await setAdvancedPermissions(true);

      expect(codeOf(await none.on.call('GET', `/rastro/resellers/${none.domain}`))).toEqual([403, 'WRITE_ACCESS_DENIED']);
      expect(codeOf(await none.on.call('PUT', '/rastro/theme', { appName: 'No bits' }))).toEqual([403, 'WRITE_ACCESS_DENIED']);
      expect((await manager.on.call('GET', `/rastro/resellers/${manager.domain}`)).status).toBe(200);
      expect((await manager.on.call('PUT', '/rastro/theme', { appName: 'Managed' })).status).toBe(200);
      expect(codeOf(await manager.on.call('PUT', `/rastro/resellers/sub.${manager.domain}`, {}))).toEqual([403, 'WRITE_ACCESS_DENIED']);
      expect((await browser(gateway, admin).call('GET', `/rastro/resellers/sub.${manager.domain}`)).status).toBe(404);
      expect((await parent.on.call('PUT', `/rastro/resellers/sub.${parent.domain}`, {})).status).toBe(200);
      // Administrators pass whatever their bits.
      expect((await browser(gateway, admin).call('GET', `/rastro/resellers/${none.domain}`)).status).toBe(200);

      // With advanced permissions off, the bits do not matter.
      await setAdvancedPermissions(false);
      expect((await none.on.call('GET', `/rastro/resellers/${none.domain}`)).status).toBe(200);
    });
  });
});
