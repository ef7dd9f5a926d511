import type { User } from '@rastro/shared/contract';
import { changedPrivileges, forbiddenPrivileges } from './privilege-attributes';

const customer: User = { id: 7, name: 'Customer', email: 'customer@test.local', administrator: false, deviceLimit: -1, userLimit: 0, attributes: { 'rastro.lang': 'en-US' } };
const names = (before: User | null, body: unknown) => changedPrivileges(before, body).map(({ name }) => name);

describe('the privileges a user write would change', () => {
  it('names administrator and the limits a new account would get beyond what Traccar starts it with', () => {
    const base = { name: 'New', email: 'new@test.local', password: 'secret1' };
    expect(names(null, { ...base, administrator: true, deviceLimit: -1, userLimit: 5 })).toEqual(['administrator', 'deviceLimit', 'userLimit']);
    expect(names(null, { ...base, administrator: false, deviceLimit: 0, userLimit: 0, readonly: false })).toEqual([]);
    expect(names(null, base)).toEqual([]);
  });

  it("names a change of an account's limits, not the same values sent back nor fields left out", () => {
    expect(names(customer, { ...customer, deviceLimit: 100 })).toEqual(['deviceLimit']);
    expect(names(customer, { ...customer, phone: '+55 11 3333-0000' })).toEqual([]);
    expect(names(customer, { name: 'Renamed', attributes: customer.attributes })).toEqual([]);
  });

  it('names the attributes that grant something along with the fields: billing ones by their prefix, QR ones, removals too', () => {
    expect(names(customer, { ...customer, userLimit: 3, attributes: { ...customer.attributes, 'rastro.reseller': true } })).toEqual(['userLimit', 'rastro.reseller']);
    expect(names(customer, { ...customer, attributes: { 'rastro.billing.trustUnlock': true, 'rastro.billing.anyFutureField': 1, 'rastro.qrOwnerId': 1 } })).toEqual([
      'rastro.billing.trustUnlock',
      'rastro.billing.anyFutureField',
      'rastro.qrOwnerId',
    ]);
    const driver: User = { ...customer, attributes: { 'rastro.isQrDriverId': 1 } };
    expect(names(driver, { ...driver, attributes: {} })).toEqual(['rastro.isQrDriverId']);
  });
});

describe('who may change them', () => {
  const manager = { administrator: false, userLimit: 5 };
  const user = { administrator: false, userLimit: 0 };
  const changed = changedPrivileges(customer, { ...customer, readonly: true, attributes: { ...customer.attributes, 'rastro.billing.trustDays': 365 } });

  it('administrators everything; a manager the restrictions of the users below it, never its own nor billing; a user nothing', () => {
    expect(forbiddenPrivileges({ administrator: true, userLimit: 0 }, true, changed)).toEqual([]);
    expect(forbiddenPrivileges(manager, false, changed)).toEqual(['rastro.billing.trustDays']);
    expect(forbiddenPrivileges(manager, true, changed)).toEqual(['readonly', 'rastro.billing.trustDays']);
    expect(forbiddenPrivileges(user, false, changed)).toEqual(['readonly', 'rastro.billing.trustDays']);
    expect(forbiddenPrivileges(null, false, changed)).toEqual(['readonly', 'rastro.billing.trustDays']);
  });
});
