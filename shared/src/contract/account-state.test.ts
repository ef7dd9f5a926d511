import { accountStateUpdateSchema, trustUnlockDays, trustUnlockRequestSchema } from './account-state';

describe('account states (SPEC §4)', () => {
  it('a suspension needs a reason, a reactivation does not', () => {
    expect(accountStateUpdateSchema.safeParse({ state: 'active', reason: null }).success).toBe(true);
    const noReason = accountStateUpdateSchema.safeParse({ state: 'suspended', reason: null });
    expect(noReason.success).toBe(false);
    expect(noReason.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['reason']);
    expect(accountStateUpdateSchema.safeParse({ state: 'suspended', reason: '  ' }).success).toBe(false);
    expect(accountStateUpdateSchema.safeParse({ state: 'disabled', reason: 'x' }).success).toBe(false);
  });

  it('a trust unlock is asked with a login and a password, both filled', () => {
    expect(trustUnlockRequestSchema.parse({ email: ' ana ', password: 'x' })).toEqual({ email: 'ana', password: 'x' });
    const empty = trustUnlockRequestSchema.safeParse({ email: '', password: '' });
    expect(empty.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['email', 'password']);
  });

  it('the billing fields grant trust days only when allowed and given as whole days', () => {
    expect(trustUnlockDays({ 'rastro.billing.trustUnlock': true, 'rastro.billing.trustDays': 3 })).toBe(3);
    // Traccar keeps what the client sent: strings too.
    expect(trustUnlockDays({ 'rastro.billing.trustUnlock': 'true', 'rastro.billing.trustDays': '5' })).toBe(5);
    expect(trustUnlockDays({ 'rastro.billing.trustUnlock': false, 'rastro.billing.trustDays': 3 })).toBeNull();
    expect(trustUnlockDays({ 'rastro.billing.trustUnlock': true })).toBeNull();
    expect(trustUnlockDays({ 'rastro.billing.trustUnlock': true, 'rastro.billing.trustDays': 0 })).toBeNull();
    expect(trustUnlockDays({ 'rastro.billing.trustUnlock': true, 'rastro.billing.trustDays': 1.5 })).toBeNull();
    expect(trustUnlockDays({ 'rastro.billing.trustUnlock': true, 'rastro.billing.trustDays': 366 })).toBeNull();
    expect(trustUnlockDays(undefined)).toBeNull();
  });
});
