import type { Database } from '@rastro/db';
import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { startGateway, type RunningGateway } from '../gateway';
import { openGatewayDatabase } from '../store/gateway-database';
import { sendRaw, type RawResponse } from '../test-support/http';
import { Browser, unique, type Json } from '../test-support/policy-browser';

// Issue 14 / SPEC §5: a password of at least 4 characters on every user write, not only on the
// recovery form. The tracking server stores any non-empty password, so a direct API call once set
// a 1-character one; the gateway now refuses it before forwarding, whoever the caller.
describe('password minimum on user writes', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  let db: Database;
  let admin: Browser;
  let adminDirect: Browser;

  const PASSWORD = 'secret1';
  /** What an attacker sends instead of a password of 4 characters or more. */
  const weak: Array<[string, unknown]> = [
    ['3 characters', 'abc'],
    ['1 character', 'x'],
    ['an empty string', ''],
    ['whitespace only', '    '],
    ['2 characters around a run of spaces (3 once the run counts as one)', 'a    b'],
    ['2 emoji (4 UTF-16 units)', '\u{1F600}\u{1F600}'],
    ['a number', 12345678],
    ['an array', ['secret1']],
    ['an object', { value: 'secret1' }],
    ['true', true],
  ];

  const expectRefused = (response: RawResponse) => {
    expect([response.status, response.json<{ code?: string; fields?: string[] }>()]).toEqual([400, expect.objectContaining({ code: 'INVALID_INPUT', fields: ['password'] })]);
  };
  const usersNamed = async (email: string) => (await adminDirect.ok<Json[]>('GET', '/api/users')).filter((user) => user.email === email);
  const canSignIn = async (email: string, password: string) => (await Browser.signIn(gateway.url, email, password).then(() => true, () => false));
  const create = async () => {
    const email = `${unique('pw')}@password.test`;
    const user = await admin.ok<Json & { id: number }>('POST', '/api/users', { name: 'Password Owner', email, password: PASSWORD });
    return { ...user, email };
  };

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { enabled: false }, logger: false });
    db = await openGatewayDatabase({});
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, webRoot: '/nonexistent', logger: false, database: db, serviceAccount: { user: demoAccount.email, password: demoAccount.password } });
    admin = await Browser.signIn(gateway.url, demoAccount.email, demoAccount.password);
    adminDirect = await Browser.signIn(tracker.url, demoAccount.email, demoAccount.password);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await db?.close();
    await tracker?.close();
  });

  it.each(weak)('POST /api/users with %s: 400 INVALID_INPUT naming password, for an administrator and a visitor registering, nothing created', async (_label, password) => {
    const email = `${unique('weak')}@password.test`;
    const body = { name: 'Weak Password', email, password };
    expectRefused(await admin.call('POST', '/api/users', body));
    expectRefused(await new Browser(gateway.url, '').call('POST', '/api/users', body));
    expect(await usersNamed(email)).toEqual([]);
  });

  it('POST /api/users without a password is refused too; 4 characters are enough', async () => {
    const email = `${unique('none')}@password.test`;
    expectRefused(await admin.call('POST', '/api/users', { name: 'No Password', email }));
    expectRefused(await admin.call('POST', '/api/users', { name: 'No Password', email, password: null }));
    expect(await usersNamed(email)).toEqual([]);
    await admin.ok('POST', '/api/users', { name: 'Four Characters', email, password: 'abcd' });
    expect(await canSignIn(email, 'abcd')).toBe(true);
  });

  it.each(weak)('PUT /api/users/{id} with %s, by the administrator or the user itself: 400, the old password still works', async (_label, password) => {
    const target = await create();
    const own = await Browser.signIn(gateway.url, target.email, PASSWORD);
    expectRefused(await admin.call('PUT', `/api/users/${target.id}`, { ...target, password }));
    expectRefused(await own.call('PUT', `/api/users/${target.id}`, { ...target, password }));
    expect(await canSignIn(target.email, PASSWORD)).toBe(true);
  });

  it('a PUT without a password (or with null) keeps it; a long enough one replaces it', async () => {
    const target = await create();
    const own = await Browser.signIn(gateway.url, target.email, PASSWORD);
    await own.ok('PUT', `/api/users/${target.id}`, { ...target, name: 'Renamed Owner' });
    await own.ok('PUT', `/api/users/${target.id}`, { ...target, name: 'Renamed Owner', password: null });
    expect(await canSignIn(target.email, PASSWORD)).toBe(true);
    await own.ok('PUT', `/api/users/${target.id}`, { ...target, name: 'Renamed Owner', password: 'new pass' });
    expect(await canSignIn(target.email, 'new pass')).toBe(true);
    expect(await canSignIn(target.email, PASSWORD)).toBe(false);
  });

  it('other spellings of the user routes are refused before anything is judged or forwarded', async () => {
    const target = await create();
    const own = await Browser.signIn(gateway.url, target.email, PASSWORD);
    const email = `${unique('spelt')}@password.test`;
    const writes: Array<[string, string, Json]> = [
      ...[`/api/%75sers/${target.id}`, `/api/%2575sers/${target.id}`, `/api/Users/${target.id}`, `/API/users/${target.id}`, `/api/users/${target.id}/`, `/api//users/${target.id}`, `/api/x/../users/${target.id}`].map(
        (path) => ['PUT', path, { ...target, password: 'x' }] as [string, string, Json],
      ),
      ...['/api/%75sers', '/api/USERS', '/api/users/', '/api/./users'].map((path) => ['POST', path, { name: 'Spelt', email, password: 'x' }] as [string, string, Json]),
    ];
    for (const [method, path, body] of writes) {
      for (const cookie of [admin.cookie, own.cookie]) {
        const response = await sendRaw(gateway.url, path, { method, headers: { cookie, accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect([method, path, response.status]).toEqual([method, path, 400]);
      }
    }
    expect(await canSignIn(target.email, PASSWORD)).toBe(true);
    expect(await usersNamed(email)).toEqual([]);
  });
});
