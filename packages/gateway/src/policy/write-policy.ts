import type { Licence } from '../config/licence';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { Credentials } from '../traccar/traccar-client';
import { accountRules } from './account-rules';
import { advancedPermissionRule } from './advanced-permission-rule';
import { deviceLimitRule } from './device-limit-rule';
import { privilegeRules } from './privilege-attributes';
import type { ServerSettings } from './server-settings';
import type { TrackingLookups } from './tracking-lookups';
import { userAccountRules } from './user-rules';
import type { WriteRule } from './write-context';
import { isOpenWrite, matchWriteRoute, type WriteMethod } from './write-routes';

/** In the order a refusal is decided: the account first, the (costlier) device counts last. */
const RULES: readonly WriteRule[] = [...accountRules, ...userAccountRules, ...privilegeRules, advancedPermissionRule, deviceLimitRule];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface WritePolicyDependencies {
  callers: CallerResolver;
  server: ServerSettings;
  lookups: TrackingLookups;
  licence: Licence;
}

export interface IncomingWrite {
  method: string;
  /** Path without the query. */
  path: string;
  credentials: Credentials;
  /** The JSON body, read only when a rule needs it. */
  readBody(): Promise<unknown>;
}

/**
 * Decides whether a write to the tracking API may go on: returns when it may, throws an ApiError
 * (the browser's 4xx) when it may not. Without a session there is nothing to decide: the tracking
 * server answers its own 401.
 */
export class WritePolicy {
  constructor(private readonly deps: WritePolicyDependencies) {}

  async check({ method, path, credentials, readBody }: IncomingWrite): Promise<void> {
    if (!WRITE_METHODS.has(method) || isOpenWrite(method, path)) return;
    const caller = await this.deps.callers.resolve(credentials);
    if (!caller) return;
    const matched = matchWriteRoute(method, path);
    const body = matched?.route.readsBody ? await readBody() : undefined;
    const context = {
      write: { method: method as WriteMethod, path, id: matched?.id, body },
      route: matched?.route,
      caller,
      server: await this.deps.server.get(),
      licence: this.deps.licence,
      credentials,
      lookups: this.deps.lookups,
    };
    for (const rule of RULES) await rule(context);
  }
}
