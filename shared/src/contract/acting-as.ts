import { z } from 'zod';

/**
 * "Log in as" (Traccar's `POST /api/session/{id}`) answers, beside the other user, this header: the
 * way back to the account that did it. A one-use token that the gateway honours only from the
 * session it was made for, and forgets once used, once that session signs out, or after
 * WAY_BACK_HOURS.
 */
export const WAY_BACK_HEADER = 'x-rastro-way-back';
export const WAY_BACK_HOURS = 12;

/** `POST /rastro/session/way-back`: the token from WAY_BACK_HEADER. */
export const wayBackSchema = z.object({ token: z.string().min(1).max(200) });
export type WayBack = z.infer<typeof wayBackSchema>;
