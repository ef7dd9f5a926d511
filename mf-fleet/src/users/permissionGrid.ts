import { advancedPermissionBits, formatAdvancedPermissions, parseAdvancedPermissions } from '@rastro/shared';
import type { PermissionArea } from '@rastro/shared';

/** The grid's columns, in order: the usual four, then the devices' and the reports' own actions, then the reseller's. */
export const gridActions = ['view', 'create', 'edit', 'delete', 'anchor', 'lock', 'unlock', 'command', 'history', 'stops', 'trips', 'events', 'subReseller'] as const;
export type GridAction = (typeof gridActions)[number];

export interface GridRow {
  area: PermissionArea;
  /** The row's cells: the bit of each action the area has (the shared layout), absent where it has none. */
  bits: Partial<Record<GridAction, number>>;
}

/** One row per area of the shared bit layout (SPEC §6), so the editor never drifts from what the gateway reads. */
export const permissionGridRows: readonly GridRow[] = (Object.keys(advancedPermissionBits) as PermissionArea[]).map((area) => ({
  area,
  bits: advancedPermissionBits[area] as Partial<Record<GridAction, number>>,
}));

/** Whether one cell of the grid is on in the stored form. */
export function isGranted(hex: string, row: GridRow, action: GridAction): boolean {
  const bit = row.bits[action];
  return bit !== undefined && parseAdvancedPermissions(hex)[bit] === true;
}

/**
 * The stored form with one cell switched. Bits outside the table (later areas, unused positions)
 * stay as they were; a missing or malformed value starts from nothing allowed, as the gateway reads it.
 */
export function withGrant(hex: string, row: GridRow, action: GridAction, on: boolean): string {
  const bit = row.bits[action];
  if (bit === undefined) return formatAdvancedPermissions(parseAdvancedPermissions(hex));
  const bits = [...parseAdvancedPermissions(hex)];
  bits[bit] = on;
  return formatAdvancedPermissions(bits);
}

export type PermissionPreset = 'readOnly' | 'operator' | 'full';
export const permissionPresets: readonly PermissionPreset[] = ['readOnly', 'operator', 'full'];

/** Reading: every area's view, and every report. */
const READ_ACTIONS: readonly GridAction[] = ['view', 'history', 'stops', 'trips', 'events'];
/** Running the fleet from day to day besides reading: the device actions, shares, one's own account. */
const OPERATOR_CELLS: ReadonlyArray<readonly [PermissionArea, GridAction]> = [
  ['devices', 'anchor'],
  ['devices', 'lock'],
  ['devices', 'unlock'],
  ['devices', 'command'],
  ['shares', 'create'],
  ['shares', 'delete'],
  ['ownAccount', 'edit'],
];

/**
 * The stored form of a preset: read-only (every view and report), operator (read-only plus the
 * device actions, shares and editing one's own account) or full (every cell but the reseller's,
 * which make a reseller and are given one by one).
 */
export function presetHex(preset: PermissionPreset): string {
  const bits = Array<boolean>(128).fill(false);
  for (const row of permissionGridRows) {
    for (const action of gridActions) {
      const bit = row.bits[action];
      if (bit === undefined) continue;
      const read = READ_ACTIONS.includes(action) && row.area !== 'reseller';
      const operator = OPERATOR_CELLS.some(([area, granted]) => area === row.area && granted === action);
      if (read || (preset !== 'readOnly' && operator) || (preset === 'full' && row.area !== 'reseller')) bits[bit] = true;
    }
  }
  return formatAdvancedPermissions(bits);
}
