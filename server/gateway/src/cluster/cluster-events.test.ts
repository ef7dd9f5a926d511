import { Writable } from 'node:stream';
import pino from 'pino';
import type { Database } from '@rastro/db';
import { gatewayDatabaseDrivers, useSharedGatewayDatabase } from '../test-support/gateway-database-drivers';
import { CLUSTER_CHANNEL, ClusterEvents, type ClusterEventMap } from './cluster-events';

/** A logger whose entries the test reads back. */
function recordingLog() {
  const entries: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      entries.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), messages: () => entries.map((entry) => entry.msg) };
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Two gateways on one database: on PostgreSQL each with its own pool (and listening connection), as two processes. */
describe.each(gatewayDatabaseDrivers)('cluster events on $driver', (driver) => {
  const { test, first, second } = useSharedGatewayDatabase(driver);
  const started: ClusterEvents[] = [];

  /** A gateway's events, recording what its handlers were given. */
  async function gateway(db: Database) {
    const { log, messages } = recordingLog();
    const events = new ClusterEvents(db, log);
    const changed: Array<ClusterEventMap['accountStateChanged']> = [];
    const removed: Array<ClusterEventMap['deviceRemoved']> = [];
    events.on('accountStateChanged', (payload) => void changed.push(payload));
    events.on('deviceRemoved', (payload) => void removed.push(payload));
    await events.start();
    started.push(events);
    return { events, changed, removed, messages };
  }

  afterEach(async () => {
    await Promise.all(started.splice(0).map((events) => events.stop()));
  });

  test('the publishing gateway acts at once, every other gateway once it is notified, and nobody twice', async () => {
    const a = await gateway(first());
    const b = await gateway(second());
    await a.events.publish({ name: 'accountStateChanged', payload: { userId: 7, state: 'suspended' } });
    expect(a.changed).toEqual([{ userId: 7, state: 'suspended' }]);
    await until(() => b.changed.length > 0);

    // A later event, once heard everywhere, proves the earlier echo was dropped and not merely late.
    await b.events.publish({ name: 'deviceRemoved', payload: { id: 3, name: 'Van', uniqueId: 'deleted-van-1' } });
    await until(() => a.removed.length > 0);
    expect(a.changed).toEqual([{ userId: 7, state: 'suspended' }]);
    expect(b.changed).toEqual([{ userId: 7, state: 'suspended' }]);
    expect(a.removed).toEqual([{ id: 3, name: 'Van', uniqueId: 'deleted-van-1' }]);
    expect(b.removed).toEqual([{ id: 3, name: 'Van', uniqueId: 'deleted-van-1' }]);
  });

  test('a notification that is not a known event is dropped with a warning, and the next one still acts', async () => {
    const a = await gateway(first());
    for (const payload of ['not json', '{"from":"x","event":{"name":"deviceExploded","payload":{}}}', '{"from":"x","event":{"name":"accountStateChanged","payload":{"userId":7,"state":"gone"}}}']) {
      await second().query('SELECT pg_notify($1, $2)', [CLUSTER_CHANNEL, payload]);
    }
    await second().query('SELECT pg_notify($1, $2)', [CLUSTER_CHANNEL, JSON.stringify({ from: 'another gateway', event: { name: 'accountStateChanged', payload: { userId: 8, state: 'suspended' } } })]);
    await until(() => a.changed.length > 0);
    expect(a.changed).toEqual([{ userId: 8, state: 'suspended' }]);
    expect(a.messages().filter((message) => message.includes('unreadable notification dropped'))).toHaveLength(3);
  });

  test('a stopped gateway hears no more', async () => {
    const a = await gateway(first());
    const b = await gateway(second());
    // On b's connection: once c has heard the event, b would have too.
    const c = await gateway(second());
    await b.events.stop();
    await a.events.publish({ name: 'accountStateChanged', payload: { userId: 9, state: 'active' } });
    await until(() => c.changed.length > 0);
    expect(b.changed).toEqual([]);
  });
});

describe('cluster events when things fail', () => {
  const failingDatabase = {
    query: () => Promise.reject(new Error('connection refused')),
    listen: async () => async () => undefined,
  };

  it('a NOTIFY that fails is logged, and the publisher has still acted', async () => {
    const { log, messages } = recordingLog();
    const events = new ClusterEvents(failingDatabase, log);
    const suspended: number[] = [];
    events.on('accountStateChanged', ({ userId }) => void suspended.push(userId));
    await events.start();
    await expect(events.publish({ name: 'accountStateChanged', payload: { userId: 5, state: 'suspended' } })).resolves.toBeUndefined();
    expect(suspended).toEqual([5]);
    expect(messages()).toContain('cluster events: the other gateways were not told');
  });

  it('a failing handler is logged and does not keep the event from the others', async () => {
    const { log, messages } = recordingLog();
    const events = new ClusterEvents(failingDatabase, log);
    const reached: string[] = [];
    events.on('accountStateChanged', () => {
      throw new Error('boom');
    });
    events.on('accountStateChanged', async () => Promise.reject(new Error('async boom')));
    events.on('accountStateChanged', () => void reached.push('third'));
    await events.publish({ name: 'accountStateChanged', payload: { userId: 5, state: 'suspended' } });
    await until(() => messages().filter((message) => message === 'cluster events: a handler failed').length === 2);
    expect(reached).toEqual(['third']);
  });
});
