/** SPEC §2: the report chooser's children, in menu order, with their routes under /reports. */
export const reportKinds = [
  { kind: 'summary', path: '/reports/resume' },
  { kind: 'trips', path: '/reports/travels' },
  { kind: 'stops', path: '/reports/stops' },
  { kind: 'events', path: '/reports/events' },
  { kind: 'route', path: '/reports/history' },
] as const;

export type ReportKind = (typeof reportKinds)[number]['kind'];
