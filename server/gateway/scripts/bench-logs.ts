// The advanced logs at scale: `pnpm --filter @rastro/gateway bench:logs`. Fills a throw-away
// embedded database (PGlite, in memory) with BENCH_LOG_ROWS (default 1,000,000) audit rows spread
// over 180 days, 500 actors, 5,000 devices, 8 actions and 10 object types, then asks AuditLog for
// the first page of each filter (and a page deep behind a cursor) as the routes do, printing each
// answer's time (median and worst of BENCH_LOG_RUNS, default 5) against the 200 ms target, and with
// BENCH_LOG_EXPLAIN=1 the query plans (EXPLAIN ANALYZE). The numbers and plans are in README.md.
import { performance } from 'node:perf_hooks';
import type { Database } from '@rastro/db';
import { auditQuerySchema } from '@rastro/shared/contract';
import { AuditLog, type AuditScope } from '../src/audit/audit-log';
import { openGatewayDatabase } from '../src/store/gateway-database';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_LOG_RUNS ?? 5);
const EXPLAIN = process.env.BENCH_LOG_EXPLAIN === '1';
const TARGET_MS = 200;
const BATCH = 100_000;

/** Rows as the proxy writes them: most concern a device, a fifth name a user as subject, newest ones now. */
async function fill(db: Database): Promise<void> {
  for (let start = 1; start <= ROWS; start += BATCH) {
    const end = Math.min(ROWS, start + BATCH - 1);
    await db.query(
      `INSERT INTO rastro_audit_log (at, user_id, user_name, user_email, domain, client_ip, action, object_type, object_id, device_id, subject_user_id, changes, before)
       SELECT now() - (n::double precision / $3) * interval '180 days',
              1 + n % 500, 'User ' || (1 + n % 500), 'user' || (1 + n % 500) || '@bench.test', 'fleet.example', '203.0.113.' || (n % 250),
              (ARRAY['create','update','delete','link','unlink','command','login','logout'])[1 + n % 8],
              (ARRAY['device','user','group','geofence','notification','driver','permission','session','share','server'])[1 + (n / 8) % 10],
              n % 100000,
              CASE WHEN n % 10 < 7 THEN 1 + n % 5000 END,
              CASE WHEN n % 5 = 0 THEN 1 + (n / 5) % 500 END,
              jsonb_build_object('name', 'Object ' || n), NULL
       FROM generate_series($1::integer, $2::integer) AS n`,
      [start, end, ROWS],
    );
  }
  await db.query('ANALYZE rastro_audit_log');
}

/** A Database that remembers its last statement, to EXPLAIN exactly what AuditLog asked. */
function recording(db: Database): { db: Database; last: () => { sql: string; params: unknown[] } } {
  let last = { sql: '', params: [] as unknown[] };
  const proxy = new Proxy(db, {
    get(target, name, receiver) {
      if (name !== 'query') return Reflect.get(target, name, receiver) as unknown;
      return (sql: string, params: unknown[] = []) => {
        last = { sql, params };
        return target.query(sql, params);
      };
    },
  });
  return { db: proxy, last: () => last };
}

interface Case {
  name: string;
  scope: AuditScope;
  query: Record<string, string>;
}

async function main(): Promise<void> {
  const db = await openGatewayDatabase({ dataDir: 'memory://' });
  const filled = performance.now();
  await fill(db);
  console.log(`${ROWS.toLocaleString('en-US')} rows written and analysed in ${((performance.now() - filled) / 1000).toFixed(1)} s\n`);
  const { db: watched, last } = recording(db);
  const audit = new AuditLog(watched);
  const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const deep = await audit.list({ kind: 'server' }, auditQuerySchema.parse({ limit: '200' }));
  let cursor = deep.nextCursor ?? '';
  for (let page = 0; page < 49; page++) cursor = (await audit.list({ kind: 'server' }, auditQuerySchema.parse({ limit: '200', cursor }))).nextCursor ?? cursor;

  const cases: Case[] = [
    { name: 'first page, no filter (server log)', scope: { kind: 'server' }, query: {} },
    { name: 'page 51, behind a cursor (10,000 rows in)', scope: { kind: 'server' }, query: { cursor } },
    { name: "a device's log (/devices/{id}/logs)", scope: { kind: 'device', id: 1234 }, query: {} },
    { name: 'device filter on the server log', scope: { kind: 'server' }, query: { deviceId: '4321' } },
    { name: "a user's log (actor or subject)", scope: { kind: 'user', id: 42 }, query: {} },
    { name: 'actor filter (userId)', scope: { kind: 'server' }, query: { userId: '77' } },
    { name: 'action filter', scope: { kind: 'server' }, query: { action: 'command' } },
    { name: 'object type filter', scope: { kind: 'server' }, query: { objectType: 'geofence' } },
    { name: 'period (a week, a month ago)', scope: { kind: 'server' }, query: { from: monthAgo, to: new Date(Date.parse(monthAgo) + 7 * 86_400_000).toISOString() } },
    { name: 'period (the last week)', scope: { kind: 'server' }, query: { from: week } },
    { name: "a device's log, one action", scope: { kind: 'device', id: 1234 }, query: { action: 'update' } },
  ];

  const rows: string[] = ['| query | rows | median ms | worst ms | under 200 ms |', '|---|---|---|---|---|'];
  const plans: string[] = [];
  for (const { name, scope, query } of cases) {
    const parsed = auditQuerySchema.parse(query);
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      count = (await audit.list(scope, parsed)).items.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    const worst = times.at(-1) ?? 0;
    rows.push(`| ${name} | ${count} | ${median.toFixed(1)} | ${worst.toFixed(1)} | ${worst < TARGET_MS ? 'yes' : '**no**'} |`);
    if (EXPLAIN) {
      const { sql, params } = last();
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
      plans.push(`-- ${name}\n${plan.map((line) => line['QUERY PLAN']).join('\n')}`);
    }
  }
  console.log(rows.join('\n'));
  if (plans.length) console.log(`\n${plans.join('\n\n')}`);
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
