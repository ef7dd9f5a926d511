import { attributeFlag, rastroAttributeKeys, remoteNames, UNLIMITED } from '@rastro/shared';
import type { RemoteName, User } from '@rastro/shared';
import type { RemoteSwitches, Reseller, ResellerUpdate, ResellerUsage } from '@rastro/shared/contract';
import { resellerUpdateSchema, tenantDomainSchema } from '@rastro/shared/contract';
import { textOf, type DeclaredField, type FieldOption, type FormValues } from '../form/declaredFields';

/** Who edits a domain, as the gateway sees it (server/gateway/src/tenants/tenant-access.ts). */
export type ResellerRole = 'administrator' | 'owner' | 'parent';

const label = (name: string) => `admin.resellers.fields.${name}`;
const remoteField = (name: RemoteName) => `remote_${name}`;

/**
 * The form of one reseller domain (SPEC §3 reseller fields): its domain, its owner and the owner's
 * sub-reseller right, its device and user limits, the remotes switched on for it. What a role may
 * not change is shown but not editable: an owner changes only its remotes, a parent reseller not
 * its sub-reseller's right (an administrator's setting on the user).
 */
export function resellerFields(role: ResellerRole, creating: boolean, owners: readonly FieldOption[]): DeclaredField[] {
  const fields: DeclaredField[] = [];
  if (creating) fields.push({ name: 'domain', kind: 'text', labelKey: label('domain'), hintKey: label('domainHint'), required: true, schema: tenantDomainSchema });
  if (role !== 'owner') {
    fields.push({ name: 'ownerUserId', kind: 'select', labelKey: label('owner'), options: owners });
    if (role === 'administrator') fields.push({ name: 'canCreateSubResellers', kind: 'boolean', labelKey: label('canCreateSubResellers') });
    fields.push(
      { name: 'deviceLimit', kind: 'integer', labelKey: label('deviceLimit'), hintKey: label('limitHint'), required: true, schema: resellerUpdateSchema.shape.deviceLimit },
      { name: 'userLimit', kind: 'integer', labelKey: label('userLimit'), hintKey: label('limitHint'), required: true, schema: resellerUpdateSchema.shape.userLimit },
    );
  }
  for (const name of remoteNames) fields.push({ name: remoteField(name), kind: 'boolean', labelKey: `admin.resellers.remotes.${name}` });
  return fields;
}

/** A remote is on unless the domain switched it off. */
export const remoteOn = (remotes: RemoteSwitches, name: RemoteName): boolean => remotes[name]?.enabled !== false;

/** The form's values for a domain (a new one: no owner, unlimited, every remote on). */
export function resellerValuesOf(reseller: Reseller | null, owner: User | null): FormValues {
  const remotes = reseller?.remotes ?? {};
  return {
    domain: reseller?.domain ?? '',
    ownerUserId: reseller?.ownerUserId ? String(reseller.ownerUserId) : '',
    canCreateSubResellers: owner ? attributeFlag(owner.attributes, rastroAttributeKeys.canCreateSubResellers) : false,
    deviceLimit: String(reseller?.deviceLimit ?? UNLIMITED),
    userLimit: String(reseller?.userLimit ?? UNLIMITED),
    ...Object.fromEntries(remoteNames.map((name) => [remoteField(name), remoteOn(remotes, name)])),
  };
}

/**
 * `PUT /rastro/resellers/{domain}` replaces the domain as a whole: its config and theme go back
 * as they are, a remote pointed at another build keeps its entry when switched off and on.
 */
export function resellerUpdateOf(current: Reseller | null, values: FormValues): ResellerUpdate {
  const remotes: RemoteSwitches = {};
  for (const name of remoteNames) {
    const entry = current?.remotes[name]?.entry;
    const enabled = values[remoteField(name)] === true;
    if (!enabled || entry) remotes[name] = entry ? { enabled, entry } : { enabled };
  }
  const owner = textOf(values, 'ownerUserId');
  return {
    ownerUserId: owner ? Number(owner) : null,
    remotes,
    config: current?.config ?? {},
    theme: current?.theme ?? {},
    deviceLimit: Number(textOf(values, 'deviceLimit')),
    userLimit: Number(textOf(values, 'userLimit')),
  };
}

/**
 * The owner's user with the reseller attributes the gateway reads (rastro.reseller,
 * rastro.resellerDomain, rastro.canCreateSubResellers); null when they already say so.
 */
export function ownerWithResellerAttributes(owner: User, domain: string, canCreateSubResellers: boolean): User | null {
  const attributes = owner.attributes;
  const next = { ...attributes, [rastroAttributeKeys.reseller]: true, [rastroAttributeKeys.resellerDomain]: domain, [rastroAttributeKeys.canCreateSubResellers]: canCreateSubResellers };
  const same =
    attributeFlag(attributes, rastroAttributeKeys.reseller) &&
    attributes[rastroAttributeKeys.resellerDomain] === domain &&
    attributeFlag(attributes, rastroAttributeKeys.canCreateSubResellers) === canCreateSubResellers;
  return same ? null : { ...owner, attributes: next };
}

/** The limits a domain's tree has reached (SPEC §5: reached when the count is at the limit; -1 never). */
export function reachedLimits(reseller: Pick<Reseller, 'deviceLimit' | 'userLimit'>, usage: ResellerUsage): Array<'devices' | 'users'> {
  const reached: Array<'devices' | 'users'> = [];
  if (reseller.deviceLimit !== UNLIMITED && usage.devices >= reseller.deviceLimit) reached.push('devices');
  if (reseller.userLimit !== UNLIMITED && usage.users >= reseller.userLimit) reached.push('users');
  return reached;
}
