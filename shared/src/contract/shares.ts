import { z } from 'zod';

/** A share link lives at most this long (SPEC: a temporary map). */
export const SHARE_MAX_DAYS = 30;
/** Devices one link may show. */
export const SHARE_MAX_DEVICES = 500;

/** `POST /rastro/shares` and `PUT /rastro/shares/{id}`: what to show, to whom it is named, until when. */
export const shareInputSchema = z.object({
  name: z.string().trim().min(3).max(128),
  deviceIds: z
    .array(z.number().int().positive())
    .min(1)
    .max(SHARE_MAX_DEVICES)
    .refine((ids) => new Set(ids).size === ids.length, 'Each device once'),
  /** ISO-8601 with offset, in the future and at most SHARE_MAX_DAYS ahead. */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type ShareInput = z.infer<typeof shareInputSchema>;

/** A share as listed: never its token, which only its creation answer carries. */
export const shareSchema = z.object({
  id: z.number(),
  name: z.string(),
  deviceIds: z.array(z.number()),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The user who made the link. */
  ownerUserId: z.number(),
  /** The temporary read-only user on the tracking server that the link signs in as. */
  userId: z.number(),
});
export type Share = z.infer<typeof shareSchema>;

/** The answer to `POST /rastro/shares`: the one time the token is shown. */
export const createdShareSchema = shareSchema.extend({
  token: z.string(),
  /** The page to send, relative to the site: `/share/<token>`. */
  url: z.string(),
});
export type CreatedShare = z.infer<typeof createdShareSchema>;

/** `POST /rastro/shares/login`: the token from the `/share/<token>` page. */
export const shareLoginSchema = z.object({ token: z.string().min(1).max(200) });
