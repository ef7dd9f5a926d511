import type { User } from '@rastro/shared/contract';
import { changedPrivileges } from './privilege-attributes';

const customer: User = { id: 7, name: 'Customer', email: 'customer@test.local', administrator: false, deviceLimit: -1, userLimit: 0, attributes: { 'rastro.lang': 'en-US' } };

describe('the privileges a user write would change', () => {
  it('names administrator and the limits a new account would get beyond what Traccar starts it with', () => {
    const base = { name: 'New', email: 'new@test.local', password: 'secret1' };
    expect(changedPrivileges(null, { ...base, administrator: true, deviceLimit: -1, userLimit: 5 })).toEqual(['administrator', 'deviceLimit', 'userLimit']);
    expect(changedPrivileges(null, { ...base, administrator: false, deviceLimit: 0, userLimit: 0, readonly: true })).toEqual([]);
    expect(changedPrivileges(null, base)).toEqual([]);
  });

  it("names a change of an account's limits, not the same values sent back nor fields left out", () => {
    expect(changedPrivileges(customer, { ...customer, deviceLimit: 100 })).toEqual(['deviceLimit']);
    expect(changedPrivileges(customer, { ...customer, phone: '+55 11 3333-0000' })).toEqual([]);
    expect(changedPrivileges(customer, { name: 'Renamed', attributes: customer.attributes })).toEqual([]);
  });

  it('names the attributes that grant powers along with the fields', () => {
    expect(changedPrivileges(customer, { ...customer, userLimit: 3, attributes: { ...customer.attributes, 'rastro.reseller': true } })).toEqual(['userLimit', 'rastro.reseller']);
  });
});
