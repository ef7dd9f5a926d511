import type { User } from '@rastro/shared/contract';
import { parseInput } from '../product/api-errors';
import type { Licence } from '../config/licence';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { Credentials } from '../traccar/traccar-client';
import { accountRules } from './account-rules';
import { advancedPermissionRule } from './advanced-permission-rule';
import { bulkLinksReachRule } from './bulk-links';
import { creationLimitsRule } from './creation-limits-rule';
import { groupCycleRule } from './group-rules';
import type { CreationLocks } from './creation-locks';
import { checkUserWrite, privilegeRules } from './privilege-attributes';
import type { ResellerTrees } from './reseller-trees';
import type { ServerSettings } from './server-settings';
import { serverSettingsRule } from './server-settings-rule';
import type { TrackingLookups } from './tracking-lookups';
import { userAccountRules } from './user-rules';
import type { WriteContext, WriteRule } from './write-context';
import { isOpenWrite, matchWriteRoute, type WriteMethod } from './write-routes';

/** In the order a refusal is decided: the account first, the (costlier) counts last. */
// The advanced permissions first: whether the caller may do this kind of write at all, before what it writes.
const RULES: readonly WriteRule[] = [...accountRules, advancedPermissionRule, ...userAccountRules, ...privilegeRules, groupCycleRule, serverSettingsRule];
// Once per request, after every item's: a bulk's objects must all be in reach, and its limits count what its items bring together.
const REQUEST_RULES: readonly WriteRule[] = [bulkLinksReachRule, creationLimitsRule];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface WritePolicyDependencies {
  callers: CallerResolver;
  server: ServerSettings;
  lookups: TrackingLookups;
  licence: Licence;
  resellers: ResellerTrees;
  locks: CreationLocks;
}

export interface IncomingWrite {
  method: string;
  /** Path without the query. */
  path: string;
  credentials: Credentials;
  /** The request's domain (Host without port), when known. */
  domain?: string;
  /** The JSON body, read only when a rule needs it. */
  readBody(): Promise<unknown>;
  /** Who `credentials` name, when already resolved for this request (the proxy's one caller); resolved here otherwise. */
  caller?: User | null;
}

/**
 * A write the policy let through. While the permit is held, no other creation counting against
 * the same limits is decided: release it once the tracking server has answered the write.
 */
export interface WritePermit {
  release(): void;
}

const NOTHING_HELD: WritePermit = { release: () => undefined };

/**
 * The writes a request is judged as: itself, or, for a bulk write (WriteRoute.bulk), each of its
 * items as the single write — after the array itself is checked (400 INVALID_INPUT naming the
 * items, nothing judged). An empty bulk is judged as itself: the account rules still apply.
 */
function itemsOf(context: WriteContext): WriteContext[] {
  const bulk = context.route?.bulk;
  if (!bulk) return [context];
  const items = parseInput(bulk.schema, context.write.body, 'body');
  const route = matchWriteRoute(context.write.method, bulk.itemAs)?.route;
  if (!route) throw new Error(`${context.route?.pattern}: no single route ${bulk.itemAs}`);
  if (items.length === 0) return [context];
  return items.map((item) => ({ ...context, route, write: { method: context.write.method, path: bulk.itemAs, body: item } }));
}

/**
 * Decides whether a write to the tracking API may go on: returns a permit when it may, throws an
 * ApiError (the browser's 4xx) when it may not. Without a session there is nothing to decide: the
 * tracking server answers its own 401.
 */
export class WritePolicy {
  constructor(private readonly deps: WritePolicyDependencies) {}

  async check({ method, path, credentials, domain, readBody, caller: resolved }: IncomingWrite): Promise<WritePermit> {
    if (!WRITE_METHODS.has(method) || isOpenWrite(method, path)) return NOTHING_HELD;
    const caller = resolved === undefined ? await this.deps.callers.resolve(credentials) : resolved;
    const matched = matchWriteRoute(method, path);
    if (!caller) {
      // A visitor registering (POST /api/users, when the server allows it) grants itself nothing either.
      const body = matched?.route.readsBody ? await readBody() : undefined;
      await checkUserWrite(null, { method, pattern: matched?.route.pattern, body }, async () => null);
      return NOTHING_HELD;
    }
    const body = matched?.route.readsBody ? await readBody() : undefined;
    const releases: Array<() => void> = [];
    const release = () => releases.splice(0).forEach((releaseOne) => releaseOne());
    const context: WriteContext = {
      write: { method: method as WriteMethod, path, id: matched?.id, body },
      route: matched?.route,
      caller,
      server: await this.deps.server.get(),
      licence: this.deps.licence,
      credentials,
      lookups: this.deps.lookups,
      domain,
      resellers: this.deps.resellers,
      hold: async (owners) => {
        releases.push(await this.deps.locks.acquire(owners));
      },
    };
    try {
      for (const judged of itemsOf(context)) for (const rule of RULES) await rule(judged);
      for (const rule of REQUEST_RULES) await rule(context);
    } catch (error) {
      release();
      throw error;
    }
    return releases.length > 0 ? { release } : NOTHING_HELD;
  }
}
