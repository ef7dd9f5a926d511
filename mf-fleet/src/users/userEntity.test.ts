import { twelveHourClockOf } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { userEntity } from './userEntity';
import { canActAs, mayEditUserSetting, userDeleteRefusal, userEditRefusal } from './userFields';

const errorsOf = (values: object) => {
  const result = userEntity.formSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};
const admin = { id: 1, administrator: true, userLimit: 0 };
const manager = { id: 2, administrator: false, userLimit: 5 };
const plain = { id: 3, administrator: false, userLimit: 0 };
const stored: User = { id: 9, name: 'Ana Souza', email: 'ana@x.test', deviceLimit: 3, userLimit: 0, attributes: { 'rastro.reseller': 'true', 'rastro.billing.priceCents': '9900', 'rastro.isQrDriverId': 17, custom: 'kept' } };

describe('user form rules', () => {
  it('SPEC §5: name and surname 3+, login 4+, password 4+ when new, typed twice alike, CPF/CNPJ with check digits', () => {
    const fresh = userEntity.toFormValues(null);
    expect(errorsOf({ ...fresh, name: 'Al', email: 'a@b' })).toEqual({ name: 'fleet.users.shortName', email: 'fleet.users.shortEmail', password: 'fleet.users.shortPassword' });
    expect(errorsOf({ ...fresh, name: 'Ana Souza', email: 'ana@x.test', password: 'secret', passwordConfirm: 'secreT' })).toEqual({ passwordConfirm: 'fleet.users.passwordMismatch' });
    const valid = { ...fresh, name: 'Ana Souza', email: 'ana@x.test', password: 'secret', passwordConfirm: 'secret' };
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, billingEnabled: true, taxId: '123.456.789-00' })).toEqual({ taxId: 'fleet.users.invalidTaxId' });
    expect(errorsOf({ ...valid, billingEnabled: true, taxId: '529.982.247-25' })).toEqual({});
    expect(errorsOf({ ...valid, billingEnabled: true, taxId: '11.222.333/0001-81' })).toEqual({});
    expect(errorsOf({ ...valid, deviceLimit: '-2' })).toEqual({ deviceLimit: 'fleet.users.invalidLimit' });
    // Editing: an empty password keeps the current one.
    expect(errorsOf(userEntity.toFormValues(stored))).toEqual({});
  });

  it("always sends explicit limits, Traccar's 0 for a new user unless chosen", () => {
    const payload = userEntity.toPayload({ ...userEntity.toFormValues(null), name: 'Ana Souza', email: 'ana@x.test', password: 'secret', passwordConfirm: 'secret' }, null);
    expect(payload).toMatchObject({ id: 0, deviceLimit: 0, userLimit: 0, password: 'secret', administrator: false });
    expect(userEntity.toPayload({ ...userEntity.toFormValues(null), deviceLimit: '-1' }, null)).toMatchObject({ deviceLimit: -1 });
  });

  it('writes only the attributes the form changed: stored privileged values go back as they were', () => {
    const untouched = userEntity.toPayload(userEntity.toFormValues(stored), stored);
    expect(untouched.attributes).toEqual(stored.attributes);
    expect(untouched).not.toHaveProperty('password');
    const permissions = userEntity.toPayload({ ...userEntity.toFormValues(stored), advancedPerms: 'f'.repeat(32), qrDriver: false }, stored);
    expect(permissions.attributes).toEqual({ 'rastro.reseller': 'true', 'rastro.billing.priceCents': '9900', custom: 'kept', 'rastro.advancedPerms': 'f'.repeat(32) });
    const billing = userEntity.toPayload({ ...userEntity.toFormValues(stored), billingEnabled: true, taxId: '52998224725', price: '99,90', fine: '2', discountMode: 'FIXED', discount: '5' }, stored);
    expect(billing.attributes).toMatchObject({ 'rastro.billing.enabled': true, 'rastro.billing.taxId': '52998224725', 'rastro.billing.priceCents': 9990, 'rastro.billing.fine': 2, 'rastro.billing.discount': 500, 'rastro.billing.discountMode': 'FIXED' });
  });

  it("writes the 12-hour clock as the attribute every screen reads, and shows it back", () => {
    const on = userEntity.toPayload({ ...userEntity.toFormValues(stored), twelveHourFormat: true }, stored);
    expect(on.attributes).toMatchObject({ twelveHourFormat: true });
    const saved: User = { ...stored, attributes: on.attributes as Record<string, unknown> };
    expect(twelveHourClockOf(saved, { twelveHourFormat: false })).toBe(true);
    expect(userEntity.toFormValues(saved).twelveHourFormat).toBe(true);
    const off = userEntity.toPayload({ ...userEntity.toFormValues(saved), twelveHourFormat: false }, saved);
    expect(twelveHourClockOf({ attributes: off.attributes as Record<string, unknown> }, { twelveHourFormat: true })).toBe(false);
  });

  it('offers a privileged input only to who may change it (the shared table the gateway enforces)', () => {
    expect(mayEditUserSetting('administrator', admin, 9)).toBe(true);
    expect(mayEditUserSetting('deviceLimit', manager, 9)).toBe(false);
    expect(mayEditUserSetting('readonly', manager, 9)).toBe(true);
    expect(mayEditUserSetting('readonly', manager, manager.id)).toBe(false);
    expect(mayEditUserSetting('rastro.advancedPerms', manager, 9)).toBe(false);
    expect(mayEditUserSetting('rastro.billing.', manager, 9)).toBe(false);
    expect(mayEditUserSetting('readonly', plain, 9)).toBe(false);
    expect(mayEditUserSetting('name', plain, plain.id)).toBe(true);
    const limitField = userEntity.fields.find((field) => field.name === 'deviceLimit')!;
    expect(limitField.editable?.({ entityId: 9, editor: { ...manager, name: 'M', email: 'm', attributes: {} } })).toBe(false);
  });

  it('SPEC §5 refusals: not oneself, not a higher administrator; log in as only downwards', () => {
    expect(userDeleteRefusal({ id: 1, administrator: true }, admin)).toBe('fleet.users.cannotDeleteSelf');
    expect(userDeleteRefusal({ id: 7, administrator: true }, manager)).toBe('fleet.users.cannotDeleteHigherAdmin');
    expect(userDeleteRefusal({ id: 7, administrator: false }, manager)).toBeNull();
    expect(userEditRefusal({ id: 7, administrator: true }, manager)).toBe('fleet.users.cannotEditHigherAdmin');
    expect(userEditRefusal({ id: 7, administrator: true }, admin)).toBeNull();
    expect(canActAs({ id: 7, administrator: false }, manager)).toBe(true);
    expect(canActAs({ id: 7, administrator: true }, manager)).toBe(false);
    expect(canActAs({ id: 7, administrator: false }, plain)).toBe(false);
    expect(canActAs({ id: 1, administrator: true }, admin)).toBe(false);
  });

  it('hides shared-link users from the list', () => {
    expect(userEntity.listed?.({ ...stored, attributes: { isShared: true } })).toBe(false);
    expect(userEntity.listed?.(stored)).toBe(true);
  });
});
