import type { Server, User } from '@rastro/shared/contract';
import type { Licence } from '../config/licence';
import { ApiError } from '../product/api-errors';
import type { Credentials } from '../traccar/traccar-client';
import type { TrackingLookups } from './tracking-lookups';
import type { WriteRequest, WriteRoute } from './write-routes';

/** Everything a rule may look at to decide on one write. */
export interface WriteContext {
  write: WriteRequest;
  /** The table entry the write matched; undefined for writes the table does not list. */
  route?: WriteRoute;
  caller: User;
  server: Server;
  licence: Licence;
  /** The browser's own credentials, to ask the tracking server what this caller sees. */
  credentials: Credentials;
  lookups: TrackingLookups;
}

/** One rule: returns when the write may go on, throws the refusal otherwise. */
export type WriteRule = (context: WriteContext) => void | Promise<void>;

/** A refusal the browser gets as `{ code, message }` (SPEC §8 codes); nothing reaches the tracking server. */
export function refuse(status: 400 | 403, code: string, message: string): never {
  throw new ApiError(status, code, message);
}
