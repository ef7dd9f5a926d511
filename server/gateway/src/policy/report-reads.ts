import { isGrantAllowed, type PermissionGrant, type User } from '@rastro/shared/contract';
import type { Licence } from '../config/licence';
import type { ServerSettings } from './server-settings';
import { refuse } from './write-context';

const REPORTS_AREA: PermissionGrant = ['reports', 'view'];
const HISTORY: PermissionGrant = ['reports', 'history'];

/** The reports with a bit of their own (ARCHITECTURE.md: 73 history, 74 stops, 75 trips, 76 events), by Traccar's path. */
export const REPORT_KINDS: Readonly<Record<string, PermissionGrant>> = {
  route: HISTORY,
  stops: ['reports', 'stops'],
  trips: ['reports', 'trips'],
  events: ['reports', 'events'],
};

/** `/api/reports/<kind>` and its downloads (`/api/reports/<kind>/xlsx`, …). */
const REPORT_PATH = /^\/api\/reports\/([a-z]+)(?:\/[a-z]+)?$/;

/** `/api/positions/{csv|gpx|kml|kmz}`: Traccar's exports of a device's positions over a period. */
const POSITIONS_EXPORT = /^\/api\/positions\/[a-z]+$/;

/**
 * The advanced permissions a read needs (SPEC §6), or none. Reports are the one area whose reads
 * the bits gate: the area's own bit (72, the Reports menu) for any report, and a report with a bit
 * of its own needs that one too. The positions of a time range are the route history by another path.
 */
export function readGrants(path: string, query: URLSearchParams): readonly PermissionGrant[] {
  const report = REPORT_PATH.exec(path);
  if (report) {
    const kind = REPORT_KINDS[report[1] as string];
    return kind ? [REPORTS_AREA, kind] : [REPORTS_AREA];
  }
  if (path === '/api/positions' && query.has('from')) return [REPORTS_AREA, HISTORY];
  // Its exports (csv, gpx, kml, kmz) are the route history of a period too, whatever the query.
  if (POSITIONS_EXPORT.test(path)) return [REPORTS_AREA, HISTORY];
  return [];
}

export interface ReadPolicyDependencies {
  server: ServerSettings;
  licence: Licence;
}

/** Refuses (403 WRITE_ACCESS_DENIED, SPEC §8) a read the caller's advanced permissions do not allow. */
export async function checkRead({ server, licence }: ReadPolicyDependencies, path: string, query: URLSearchParams, caller: User | null): Promise<void> {
  const grants = readGrants(path, query);
  // Without a session the tracking server answers its own 401 (the request goes on without credentials).
  if (grants.length === 0 || !caller) return;
  const subject = { user: caller, server: await server.get(), paidEdition: licence.edition === 'paid' };
  const missing = grants.find((grant) => !isGrantAllowed(subject, grant));
  if (missing) refuse(403, 'WRITE_ACCESS_DENIED', `Not allowed: ${missing.join(' ')}`);
}
