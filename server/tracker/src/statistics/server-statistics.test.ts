import { StatisticsCounter, type StatisticsRow } from './server-statistics';

describe('server statistics', () => {
  it("count the day's requests, users, messages, devices and protocols, and store them when the day changes", async () => {
    let now = new Date('2026-11-25T10:00:00Z');
    const stored: StatisticsRow[] = [];
    const counter = new StatisticsCounter(async (row) => void stored.push(row), (error) => { throw error; }, () => now);

    counter.registerRequest(1);
    counter.registerRequest(1);
    counter.registerRequest(2);
    counter.registerMessages(3, [{ deviceId: 5, protocol: 'osmand' }, { deviceId: 6, protocol: 'osmand' }]);
    expect(stored).toEqual([]);

    now = new Date('2026-11-26T00:00:05Z');
    counter.registerRequest(3);
    await Promise.resolve();
    expect(stored).toEqual([
      { captureTime: now, activeUsers: 2, activeDevices: 2, requests: 3, messagesReceived: 3, messagesStored: 2, protocols: { osmand: 2 } },
    ]);

    // The new day started from zero, with the request that noticed the change.
    now = new Date('2026-11-27T00:00:01Z');
    counter.registerMessages(0, []);
    await Promise.resolve();
    expect(stored[1]).toMatchObject({ activeUsers: 1, requests: 1, messagesReceived: 0 });
  });
});
