import { z } from 'zod';
import { urlIntegerSchema } from './url-values';

/** One recorded write: who, when, from where, what, and what changed (secrets removed). */
export const auditEntrySchema = z.object({
  id: z.number(),
  /** ISO-8601 instant. */
  at: z.string(),
  /** The acting user; null for the gateway's own work (expired-share cleanup) or an unknown caller. */
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** The domain the request was made for (Host without port). */
  domain: z.string().nullable(),
  /** The browser's address (first X-Forwarded-For entry when a proxy is in front). */
  clientIp: z.string().nullable(),
  /** create, update, delete, link, unlink, command, login, logout, … */
  action: z.string(),
  /** device, user, group, geofence, permission, share, server, session, … */
  objectType: z.string(),
  objectId: z.number().nullable(),
  /** The device the write concerned, when there is one (a device itself, a command, a link). */
  deviceId: z.number().nullable(),
  /** The request's values; passwords, tokens and secrets removed. */
  changes: z.unknown(),
  /** The object as it was before an update or delete, when known. */
  before: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_LIMIT_MAX = 200;
export const AUDIT_PAGE_LIMIT_DEFAULT = 50;

/**
 * Where the next page starts: the last row's instant and id, as the gateway wrote them (opaque to
 * callers). Rows are read newest first by `(at, id)`, so a page is one index range whatever its
 * depth, and rows written meanwhile neither shift nor repeat the pages after it.
 */
export const auditCursorSchema = z.string().regex(/^\d{1,16}\.\d{1,19}$/, 'Expected a cursor from a previous page');

/** `GET /rastro/{users/{id}|devices/{id}|server}/logs` query: a cursor and filters, newest first. */
export const auditQuerySchema = z.object({
  cursor: auditCursorSchema.optional(),
  limit: urlIntegerSchema.pipe(z.number().min(1).max(AUDIT_PAGE_LIMIT_MAX)).default(AUDIT_PAGE_LIMIT_DEFAULT),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  action: z.string().min(1).max(40).optional(),
  objectType: z.string().min(1).max(40).optional(),
  /** The actor. */
  userId: urlIntegerSchema.pipe(z.number().positive()).optional(),
  /** The device concerned. */
  deviceId: urlIntegerSchema.pipe(z.number().positive()).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** The next page's `cursor`; null on the last page. */
  nextCursor: z.string().nullable(),
  limit: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
