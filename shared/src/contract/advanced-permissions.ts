import { attributeFlag, rastroAttributeKeys } from './attribute-keys';
import type { Server, User } from './traccar';

/** Bits of an area that follows the usual layout: base = view, then create, edit, delete. */
function crudBits<Base extends number>(base: Base) {
  return { view: base, create: base + 1, edit: base + 2, delete: base + 3 } as const;
}

/**
 * Advanced permissions (ARCHITECTURE.md, SPEC §6): each area/action is one bit of the 128.
 * Devices and reports use their slots for their own actions; everything else is view/create/edit/delete.
 */
export const advancedPermissionBits = {
  ownAccount: crudBits(0),
  devices: { view: 8, anchor: 9, lock: 10, unlock: 11, command: 12, create: 13, edit: 14, delete: 15 },
  users: crudBits(16),
  shares: crudBits(24),
  notifications: crudBits(32),
  geofences: crudBits(40),
  groups: crudBits(48),
  commands: crudBits(56),
  computedAttributes: crudBits(64),
  reports: { view: 72, history: 73, stops: 74, trips: 75, events: 76 },
  drivers: crudBits(80),
  calendars: crudBits(88),
  maintenance: crudBits(96),
  reseller: { view: 104, subReseller: 105 },
} as const;

export type PermissionArea = keyof typeof advancedPermissionBits;
export type PermissionAction<Area extends PermissionArea = PermissionArea> = keyof (typeof advancedPermissionBits)[Area] & string;

export const ADVANCED_PERMISSION_BIT_COUNT = 128;
const HEX_LENGTH = ADVANCED_PERMISSION_BIT_COUNT / 4;

/** The 128 bits, position k = bit k. */
export type AdvancedPermissions = readonly boolean[];

export function bitOf<Area extends PermissionArea>(area: Area, action: PermissionAction<Area>): number {
  return (advancedPermissionBits[area] as Record<string, number>)[action] as number;
}

/** One area/action pair, e.g. `['devices', 'create']`. */
export type PermissionGrant = { [A in PermissionArea]: readonly [A, PermissionAction<A>] }[PermissionArea];

function bitOfGrant([area, action]: PermissionGrant): number {
  // TypeScript cannot see that a destructured grant's action belongs to its area.
  return (advancedPermissionBits[area] as Record<string, number>)[action] as number;
}

/**
 * `rastro.advancedPerms` → 128 bits. The stored form is 4 groups of 8 hex characters, each a
 * 32-bit number written most significant bit first, concatenated; read that way, every hex
 * character is simply the next 4 bits, MSB first. Missing or malformed → nothing allowed.
 */
export function parseAdvancedPermissions(hex: unknown): AdvancedPermissions {
  if (typeof hex !== 'string' || !new RegExp(`^[0-9a-fA-F]{${HEX_LENGTH}}$`).test(hex)) {
    return Array<boolean>(ADVANCED_PERMISSION_BIT_COUNT).fill(false);
  }
  return [...hex].flatMap((digit) => {
    const nibble = parseInt(digit, 16);
    return [8, 4, 2, 1].map((mask) => (nibble & mask) !== 0);
  });
}

/** The stored form of a set of bits (lower-case hex): what an editor of advanced permissions saves. */
export function formatAdvancedPermissions(bits: AdvancedPermissions): string {
  let hex = '';
  for (let k = 0; k < ADVANCED_PERMISSION_BIT_COUNT; k += 4) {
    hex += ((bits[k] ? 8 : 0) | (bits[k + 1] ? 4 : 0) | (bits[k + 2] ? 2 : 0) | (bits[k + 3] ? 1 : 0)).toString(16);
  }
  return hex;
}

/** The stored form with exactly these area/actions allowed. */
export function advancedPermissionsHex(grants: readonly PermissionGrant[]): string {
  const bits = Array<boolean>(ADVANCED_PERMISSION_BIT_COUNT).fill(false);
  for (const grant of grants) bits[bitOfGrant(grant)] = true;
  return formatAdvancedPermissions(bits);
}

export interface PermissionSubject {
  user: Pick<User, 'administrator' | 'attributes'>;
  server: Pick<Server, 'attributes'>;
  /** The licence's edition: advanced permissions are a paid-edition feature. */
  paidEdition: boolean;
}

/**
 * SPEC §6, in order: administrators always pass; the free edition lets everything pass; with
 * advanced permissions off on the server, everyone but a shared-link user passes; otherwise the
 * user's bit decides.
 */
export function isAllowed<Area extends PermissionArea>(subject: PermissionSubject, area: Area, action: PermissionAction<Area>): boolean {
  return allowsBit(subject, bitOf(area, action));
}

/** isAllowed for a grant held as one value, e.g. from a table of routes. */
export function isGrantAllowed(subject: PermissionSubject, grant: PermissionGrant): boolean {
  return allowsBit(subject, bitOfGrant(grant));
}

function allowsBit({ user, server, paidEdition }: PermissionSubject, bit: number): boolean {
  if (user.administrator) return true;
  if (!paidEdition) return true;
  if (!attributeFlag(server.attributes, rastroAttributeKeys.enableAdvancedPerms)) {
    return !attributeFlag(user.attributes, rastroAttributeKeys.isShared);
  }
  return parseAdvancedPermissions(user.attributes[rastroAttributeKeys.advancedPerms])[bit] === true;
}
