import type { Server, User } from '@rastro/shared/contract';
import type { Licence } from '../config/licence';
import { ApiError } from '../product/api-errors';
import type { Credentials } from '../traccar/traccar-client';
import type { ResellerTrees } from './reseller-trees';
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
  /** The domain the request was made on (Host without port): a reseller's domain brings its limits. */
  domain?: string;
  resellers: ResellerTrees;
  /**
   * Holds these limit owners' locks (see creation-locks.ts) until the write has been answered, or
   * refused: a rule calls it before counting what a limit counts.
   */
  hold(owners: readonly string[]): Promise<void>;
}

/** One rule: returns when the write may go on, throws the refusal otherwise. */
export type WriteRule = (context: WriteContext) => void | Promise<void>;

/** A refusal the browser gets as `{ code, message }` (SPEC §8 codes); nothing reaches the tracking server. */
export function refuse(status: 400 | 403, code: string, message: string): never {
  throw new ApiError(status, code, message);
}
