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

/** `GET /rastro/{users/{id}|devices/{id}|server}/logs` query: paging and filters, newest first. */
export const auditQuerySchema = z.object({
  page: urlIntegerSchema.pipe(z.number().min(1)).default(1),
  limit: urlIntegerSchema.pipe(z.number().min(1).max(AUDIT_PAGE_LIMIT_MAX)).default(AUDIT_PAGE_LIMIT_DEFAULT),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  action: z.string().min(1).max(40).optional(),
  objectType: z.string().min(1).max(40).optional(),
  userId: urlIntegerSchema.pipe(z.number().positive()).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
