import type { User } from '@rastro/shared';
import type { Reseller } from '@rastro/shared/contract';
import { ownerWithResellerAttributes, reachedLimits, resellerFields, resellerUpdateOf, resellerValuesOf } from './resellerFields';

const reseller: Reseller = {
  domain: 'frota.example',
  ownerUserId: 7,
  parentUserId: null,
  remotes: { mf_map: { enabled: true, entry: 'https://cdn.example/map/mf-manifest.json' }, mf_billing: { enabled: false } },
  config: { title: 'Frota' },
  theme: { appName: 'Frota' },
  deviceLimit: 10,
  userLimit: -1,
};
const owner: User = { id: 7, name: 'Ana', email: 'ana@example.com', attributes: { 'rastro.canCreateSubResellers': true } };

describe('the reseller form', () => {
  it('gives an owner only the remotes of its domain, an administrator everything', () => {
    const names = (role: Parameters<typeof resellerFields>[0], creating = false) => resellerFields(role, creating, []).map((field) => field.name);
    expect(names('owner')).toEqual(['remote_mf_map', 'remote_mf_fleet', 'remote_mf_reports', 'remote_mf_billing', 'remote_mf_admin']);
    expect(names('administrator', true).slice(0, 5)).toEqual(['domain', 'ownerUserId', 'canCreateSubResellers', 'deviceLimit', 'userLimit']);
    expect(names('parent', true)).not.toContain('canCreateSubResellers');
  });

  it('round-trips a domain: config and theme kept, a switched-off remote off, a pointed one keeps its build', () => {
    const values = resellerValuesOf(reseller, owner);
    expect(values).toMatchObject({ ownerUserId: '7', canCreateSubResellers: true, deviceLimit: '10', userLimit: '-1', remote_mf_billing: false, remote_mf_fleet: true });
    const update = resellerUpdateOf(reseller, { ...values, remote_mf_map: false, remote_mf_billing: true, remote_mf_admin: false });
    expect(update).toEqual({
      ownerUserId: 7,
      remotes: { mf_map: { enabled: false, entry: 'https://cdn.example/map/mf-manifest.json' }, mf_admin: { enabled: false } },
      config: { title: 'Frota' },
      theme: { appName: 'Frota' },
      deviceLimit: 10,
      userLimit: -1,
    });
  });

  it('starts a new domain with no owner, no limits and every remote on', () => {
    expect(resellerUpdateOf(null, resellerValuesOf(null, null))).toEqual({ ownerUserId: null, remotes: {}, config: {}, theme: {}, deviceLimit: -1, userLimit: -1 });
  });

  it("sets the owner's reseller attributes only when they do not already say so", () => {
    expect(ownerWithResellerAttributes(owner, 'frota.example', true)?.attributes).toEqual({ 'rastro.canCreateSubResellers': true, 'rastro.reseller': true, 'rastro.resellerDomain': 'frota.example' });
    const already = { ...owner, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': 'frota.example', 'rastro.canCreateSubResellers': true } };
    expect(ownerWithResellerAttributes(already, 'frota.example', true)).toBeNull();
  });

  it('says a limit is reached once the tree holds as many as it allows, never when unlimited', () => {
    expect(reachedLimits(reseller, { devices: 10, users: 500 })).toEqual(['devices']);
    expect(reachedLimits(reseller, { devices: 9, users: 500 })).toEqual([]);
    expect(reachedLimits({ deviceLimit: 0, userLimit: 2 }, { devices: 0, users: 2 })).toEqual(['devices', 'users']);
  });
});
