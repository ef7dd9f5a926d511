import type { Database } from '@rastro/db';
import { gatewayDatabaseDrivers, useGatewayDatabase } from '../test-support/gateway-database-drivers';
import { ResetTokens } from './reset-tokens';

describe.each(gatewayDatabaseDrivers)('ResetTokens on $driver', (drivers) => {
  const { skip, test, db: openDb } = useGatewayDatabase(drivers);
  let db: Database;
  let tokens: ResetTokens;

  beforeAll(() => {
    if (skip) return;
    db = openDb();
    tokens = new ResetTokens(db);
  });

  test('a token is long, random, and only its hash is stored', async () => {
    const token = await tokens.issue(7);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await tokens.issue(7)).not.toBe(token);
    const rows = await db.query('SELECT * FROM rastro_password_resets');
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test('works once: the first claim names the user, the second finds nothing', async () => {
    const token = await tokens.issue(8);
    expect(await tokens.claim(token)).toBe(8);
    expect(await tokens.claim(token)).toBeNull();
  });

  test('two claims racing each other: exactly one wins', async () => {
    const token = await tokens.issue(9);
    const results = await Promise.all([tokens.claim(token), tokens.claim(token), tokens.claim(token)]);
    expect(results.filter((userId) => userId === 9)).toHaveLength(1);
  });

  test('a released token can be claimed again; revokeAll ends every other token of the user', async () => {
    const token = await tokens.issue(10);
    const other = await tokens.issue(10);
    expect(await tokens.claim(token)).toBe(10);
    await tokens.release(token);
    expect(await tokens.claim(token)).toBe(10);
    await tokens.revokeAll(10);
    expect(await tokens.claim(other)).toBeNull();
  });

  test('an expired token is refused, and so is one never issued', async () => {
    const shortLived = new ResetTokens(db, 50);
    const token = await shortLived.issue(11);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await shortLived.claim(token)).toBeNull();
    expect(await tokens.claim('never-issued')).toBeNull();
  });
});
