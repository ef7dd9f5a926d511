import Fastify from 'fastify';
import type { Database } from '@rastro/db';
import { auditQuerySchema } from '@rastro/shared/contract';
import { JobQueue } from '../jobs/job-queue';
import { ProductRoutes } from '../product/product-routes';
import { gatewayDatabaseDrivers, useGatewayDatabase } from '../test-support/gateway-database-drivers';
import { CallerResolver } from '../traccar/caller-resolver';
import { TraccarClient } from '../traccar/traccar-client';
import { registerAuditFeature } from './audit-feature';
import { AuditLog, type AuditEvent } from './audit-log';

// As a query string brings them: every value is text.
const query = (values: Record<string, unknown> = {}) => auditQuerySchema.parse(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])));
const admin = { id: 1, name: 'Admin', email: 'admin@rastro.demo' };
const ana = { id: 7, name: 'Ana', email: 'ana@rastro.demo' };
const origin = { domain: 'track.example', clientIp: '203.0.113.9' };

describe.each(gatewayDatabaseDrivers)('audit log on $driver', (drivers) => {
  const { skip, test, db: database } = useGatewayDatabase(drivers);
  let db: Database;
  let audit: AuditLog;

  beforeAll(() => {
    if (skip) return;
    db = database();
    audit = new AuditLog(db);
  });

  beforeEach(async () => {
    if (!skip) await db.query('DELETE FROM rastro_audit_log');
  });

  const record = (event: Partial<AuditEvent>) => audit.record({ actor: admin, action: 'update', objectType: 'device', objectId: 1, origin, ...event });

  test('keeps who, where and what changed, without secrets at any depth', async () => {
    await record({ action: 'create', objectType: 'user', objectId: 9, changes: { name: 'New', password: 'hunter2', attributes: { apiToken: 'x', color: 'red', googleKey: 'AIza', monkey: 'ok' } } });
    const { items } = await audit.list({ kind: 'server' }, query());
    expect(items).toEqual([
      expect.objectContaining({
        userId: 1,
        userName: 'Admin',
        userEmail: 'admin@rastro.demo',
        domain: 'track.example',
        clientIp: '203.0.113.9',
        action: 'create',
        objectType: 'user',
        objectId: 9,
        deviceId: null,
        changes: { name: 'New', password: '[redacted]', attributes: { apiToken: '[redacted]', color: 'red', googleKey: '[redacted]', monkey: 'ok' } },
        before: null,
      }),
    ]);
    expect(new Date(items[0]?.at ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test('pages newest first with a cursor, losing and repeating no row, even rows of the same instant', async () => {
    for (let objectId = 1; objectId <= 7; objectId++) await record({ objectId });
    // Rows written in the same transaction share their instant: the id keeps them in order.
    await db.query("UPDATE rastro_audit_log SET at = '2020-01-01T00:00:00.123456Z' WHERE object_id IN (3, 4, 5)");
    const seen: Array<number | null> = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await audit.list({ kind: 'server' }, query({ limit: 3, ...(cursor ? { cursor } : {}) }));
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => item.objectId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([7, 6, 2, 1, 5, 4, 3]);
    expect(pages).toBe(3);
  });

  test("pages a user's history (what it did and what was done to it) with the same cursor", async () => {
    for (let objectId = 1; objectId <= 3; objectId++) await record({ actor: ana, objectId });
    for (let objectId = 4; objectId <= 6; objectId++) await record({ objectType: 'user', objectId: ana.id, changes: { n: objectId } });
    const first = await audit.list({ kind: 'user', id: ana.id }, query({ limit: 4 }));
    const second = await audit.list({ kind: 'user', id: ana.id }, query({ limit: 4, cursor: first.nextCursor ?? '' }));
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual([...new Set([...first.items, ...second.items].map((item) => item.id))].sort((a, b) => b - a));
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
  });

  test('scopes to a device or a user, and filters by action, type, actor and time', async () => {
    await record({ action: 'create', objectId: 5 });
    await record({ action: 'link', objectType: 'permission', objectId: null, deviceId: 5, subjectUserId: 7 });
    await record({ actor: ana, action: 'update', objectId: 6 });
    await record({ actor: admin, action: 'delete', objectType: 'user', objectId: 7 });

    const device = await audit.list({ kind: 'device', id: 5 }, query());
    expect(device.items.map((item) => item.action)).toEqual(['link', 'create']);
    const user = await audit.list({ kind: 'user', id: 7 }, query());
    expect(user.items.map((item) => item.action)).toEqual(['delete', 'update', 'link']);
    expect((await audit.list({ kind: 'server' }, query({ action: 'update' }))).items).toHaveLength(1);
    expect((await audit.list({ kind: 'server' }, query({ objectType: 'user' }))).items).toHaveLength(1);
    expect((await audit.list({ kind: 'server' }, query({ deviceId: 5 }))).items.map((item) => item.action)).toEqual(['link', 'create']);
    expect((await audit.list({ kind: 'server' }, query({ userId: 7 }))).items.map((item) => item.objectId)).toEqual([6]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await audit.list({ kind: 'server' }, query({ from: future }))).items).toHaveLength(0);
    expect((await audit.list({ kind: 'server' }, query({ to: future }))).items).toHaveLength(4);
  });

  test('the daily retention job removes rows older than the retention period', async () => {
    await record({ objectId: 1 });
    await record({ objectId: 2 });
    await db.query("UPDATE rastro_audit_log SET at = now() - interval '181 days' WHERE object_id = 2");
    const jobs = new JobQueue(db, { pollIntervalMs: 20 });
    const app = Fastify();
    await registerAuditFeature(app, new ProductRoutes(), { audit, jobs, callers: new CallerResolver(new TraccarClient('http://127.0.0.1:9')), edition: 'paid', retentionDays: 180 });
    await jobs.start();
    try {
      const deadline = Date.now() + 15_000;
      while ((await audit.list({ kind: 'server' }, query())).items.length > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await jobs.stop();
      await app.close();
    }
    expect((await audit.list({ kind: 'server' }, query())).items.map((item) => item.objectId)).toEqual([1]);
  }, 20_000);
});
