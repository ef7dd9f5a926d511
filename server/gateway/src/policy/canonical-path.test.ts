import { request as httpRequest } from 'node:http';
import { startGateway, type RunningGateway } from '../gateway';
import { startEchoUpstream, type EchoUpstream } from '../test-support/echo-upstream';
import { isCanonicalPath } from './canonical-path';

/** A request whose path goes out exactly as written (URL parsing would resolve dots and slashes first). */
function rawRequest(base: string, method: string, path: string, body?: string, cookie = 'JSESSIONID=abc'): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const headers = { ...(cookie ? { cookie } : {}), 'content-type': 'application/json', ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) };
    const req = httpRequest({ host: hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const SPELLINGS_OF_ANOTHER_PATH = [
  '//api/devices',
  '/api//devices',
  '/api/./devices',
  '/api/devices/../users',
  '/api/devices/%2e%2e/users',
  '/api/devices%2F5',
  '/api/devices%2f5',
  '/api%5Cdevices',
  '/api\\devices',
  '/api/devices;jsessionid=x/5',
  '/api/devices/5/',
  '/api/devices/%252e%252e/users',
  '/rastro//shares',
  '/x/../api/users',
  // Decoded by the tracking server into a resource the policy would not have recognised (issue 14).
  '/api/%75sers/2',
  '/api/%64evices',
  '/api/commands/%73end',
  '/api/reports/%72oute',
  '/api/%70ositions',
  '/%61pi/devices',
  '/api/devices/%35',
  // Case: Traccar's resources are case-sensitive; one spelling is judged and forwarded.
  '/api/Devices',
  '/API/devices',
  '/api/users/2/'.toUpperCase(),
  '/Rastro/shares',
  // Lower-case hex, escapes of what is written bare, a NUL, a dot-dot above the root, invalid UTF-8.
  '/api/devices/a%2fb',
  '/api/devices/a%7eb',
  '/api/devices/%00',
  '/api/../../etc/passwd',
  '/api/devices/%C3',
  '/api/devices/a%c3%a9',
];

describe('non-canonical paths', () => {
  it('tells one spelling of a path from the many a lenient server would accept', () => {
    for (const path of ['/api/devices', '/api/devices/5', '/api/attributes/computed/3', '/rastro/resellers/a.reseller.test', '/', '/api/reports/route', '/api/devices/a%20b', '/api/devices/a%C3%A9', '/api/media/ABC123/Photo.jpg', '/rastro/theme/images/loginLogo', '/rastro/resellers/*']) {
      expect([path, isCanonicalPath(path)]).toEqual([path, true]);
    }
    for (const path of SPELLINGS_OF_ANOTHER_PATH) expect([path, isCanonicalPath(path)]).toEqual([path, false]);
  });

  describe('through the gateway', () => {
    let upstream: EchoUpstream;
    let gateway: RunningGateway;

    beforeAll(async () => {
      upstream = await startEchoUpstream();
      gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: upstream.url, webRoot: '/nonexistent', logger: false });
    });

    afterAll(async () => {
      await gateway.close();
      await upstream.close();
    });

    it.each(SPELLINGS_OF_ANOTHER_PATH)('refuses %s with 400 NON_CANONICAL_PATH, and nothing reaches the tracking server', async (path) => {
      const before = upstream.received.length;
      const answer = await rawRequest(gateway.url, 'DELETE', path, '{"userId":1}');
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'NON_CANONICAL_PATH', fields: ['path'] });
      expect(upstream.received.length).toBe(before);
    });

    // Without a session: the echo server is no tracking server to tell who is signed in.
    it('lets the canonical spelling and static files through', async () => {
      expect((await rawRequest(gateway.url, 'GET', '/api/statistics?x=a//b', undefined, '')).status).toBe(200);
      expect(upstream.received.at(-1)?.url).toBe('/api/statistics?x=a//b');
      expect((await rawRequest(gateway.url, 'GET', '//static/./file.js')).status).not.toBe(400);
    });

    it('refuses a request target that is not a path (absolute form), whatever it names', async () => {
      const before = upstream.received.length;
      expect((await rawRequest(gateway.url, 'DELETE', 'http://127.0.0.1/api/devices/5', undefined, '')).status).toBe(400);
      expect(upstream.received.length).toBe(before);
    });
  });
});
