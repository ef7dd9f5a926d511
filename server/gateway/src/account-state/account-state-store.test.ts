import { openDatabase, type Database } from '@rastro/db';
import { AccountStateStore } from './account-state-store';
import { ACCOUNT_STATES_SCHEMA, ACCOUNT_TRUST_PERIODS_SCHEMA } from './account-states-schema';

// Two gateways' stores on one database, before either hears the other's notice.
describe('account states seen by two gateways', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://', migrate: (opened) => opened.exec(ACCOUNT_STATES_SCHEMA + ACCOUNT_TRUST_PERIODS_SCHEMA) });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => db.close());

  it('a user reactivated through one gateway is active on the other at once, though it had just seen the suspension', async () => {
    const [acting, other] = [new AccountStateStore(db), new AccountStateStore(db)];
    await acting.set(7, { state: 'suspended', reason: 'Invoice 12 overdue' }, 1);
    expect((await other.get(7)).state).toBe('suspended');

    await acting.set(7, { state: 'active', reason: null }, 1);
    expect(await other.get(7)).toEqual({ state: 'active', reason: null, trustEndsAt: null, trustUnlockUsedAt: null });
  });

  it('an active state is kept a moment: a suspension elsewhere reaches the other gateway by its notice (forget)', async () => {
    // The same moment throughout, however slow the machine: the moment is what is kept.
    jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    const [acting, other] = [new AccountStateStore(db), new AccountStateStore(db)];
    expect((await other.get(8)).state).toBe('active');
    await acting.set(8, { state: 'suspended', reason: 'Invoice 13 overdue' }, 1);
    expect((await other.get(8)).state).toBe('active');

    other.forget(8);
    expect(await other.get(8)).toMatchObject({ state: 'suspended', reason: 'Invoice 13 overdue' });
  });
});
