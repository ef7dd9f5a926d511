import type { PermissionAction } from '@rastro/shared';

/**
 * SPEC §2: the report chooser's children, in menu order, with their routes under /reports, and the
 * advanced permission of the reports area each needs besides the area's own (the gateway refuses
 * the report's call without it).
 */
export const reportKinds = [
  { kind: 'summary', path: '/reports/resume', permission: 'view' },
  { kind: 'trips', path: '/reports/travels', permission: 'trips' },
  { kind: 'stops', path: '/reports/stops', permission: 'stops' },
  { kind: 'events', path: '/reports/events', permission: 'events' },
  { kind: 'route', path: '/reports/history', permission: 'history' },
] as const satisfies ReadonlyArray<{ kind: string; path: string; permission: PermissionAction<'reports'> }>;

export type ReportKind = (typeof reportKinds)[number]['kind'];
