import { gatewayDatabaseDrivers, useGatewayDatabase } from '../test-support/gateway-database-drivers';
import { RateLimiter, TooManyRequests } from './rate-limiter';

describe.each(gatewayDatabaseDrivers)('rate limiter on $driver', (driver) => {
  const { test, db } = useGatewayDatabase(driver);
  const limiter = () => new RateLimiter(db(), { max: 3, windowMs: 15 * 60_000 });
  const refusal = (promise: Promise<void>) => promise.then(() => null, (error: unknown) => error);

  test('lets `max` requests of a key through per window, then answers 429 with the wait', async () => {
    const limit = limiter();
    for (let n = 0; n < 3; n++) await limit.hit('trust:1.2.3.4:ana');
    const refused = await refusal(limit.hit('trust:1.2.3.4:ana'));
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(refused).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    const wait = (refused as TooManyRequests).retryAfterSeconds;
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Another key (another address, or another login) counts on its own; the key is kept hashed.
    await expect(limit.hit('trust:1.2.3.4:bruno')).resolves.toBeUndefined();
    const keys = await db().query<{ key: string }>('SELECT key FROM rastro_rate_limits');
    expect(keys.map((row) => row.key).join()).not.toContain('ana');
  });

  test('counts afresh once the window has ended', async () => {
    const limit = limiter();
    for (let n = 0; n < 3; n++) await limit.hit('trust:5.6.7.8:caio');
    expect(await refusal(limit.hit('trust:5.6.7.8:caio'))).toBeInstanceOf(TooManyRequests);
    // The window's end, moved to the past: what 15 minutes later looks like.
    await db().query("UPDATE rastro_rate_limits SET window_ends_at = now() - interval '1 second'");
    await expect(limit.hit('trust:5.6.7.8:caio')).resolves.toBeUndefined();
    await limit.hit('trust:5.6.7.8:caio');
    await limit.hit('trust:5.6.7.8:caio');
    expect(await refusal(limit.hit('trust:5.6.7.8:caio'))).toBeInstanceOf(TooManyRequests);
  });
});
