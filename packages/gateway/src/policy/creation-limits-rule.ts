import { attributeNumber, rastroAttributeKeys, UNLIMITED } from '@rastro/shared/contract';
import type { ResellerLimitKind } from './reseller-trees';
import { refuse, type WriteContext, type WriteRule } from './write-context';

/** One limit a creation must stay under: who owns it (the lock key), the ceiling, and how to count. */
interface CreationLimit {
  owner: string;
  limit: number;
  count(): Promise<number>;
  refusal: readonly [400 | 403, string, string];
}

const DEVICE_LIMIT_REACHED = 'USER_DEVICE_LIMIT_REACHED';

const creates = (context: WriteContext, pattern: string) => context.write.method === 'POST' && context.route?.pattern === pattern;

async function resellerLimits(context: WriteContext, kind: ResellerLimitKind): Promise<CreationLimit[]> {
  const scopes = await context.resellers.scopesFor(context.caller, context.domain, kind);
  return scopes.map(({ tenant, members }) =>
    kind === 'deviceLimit'
      ? {
          owner: `reseller:${tenant.domain}`,
          limit: tenant.deviceLimit,
          count: () => context.resellers.countDevices(members),
          refusal: [400, DEVICE_LIMIT_REACHED, `The device limit of the reseller ${tenant.domain} is reached`],
        }
      : {
          owner: `reseller:${tenant.domain}`,
          limit: tenant.userLimit,
          // The reseller itself is not one of the users it may create.
          count: async () => members.size - 1,
          refusal: [403, 'WRITE_ACCESS_DENIED', `The user limit of the reseller ${tenant.domain} is reached`],
        },
  );
}

/**
 * SPEC §5: creating a device is refused once the count reaches any limit — the licence's and the
 * server's (`rastro.deviceLimit`) over every device of the installation, the user's own
 * `deviceLimit` over the devices that user sees — and, SPEC §3, a reseller's device and user limits
 * over its whole tree (see reseller-trees.ts).
 */
async function limitsOf(context: WriteContext): Promise<CreationLimit[]> {
  const { caller, server, licence, credentials, lookups } = context;
  if (creates(context, '/api/users')) return resellerLimits(context, 'userLimit');
  if (!creates(context, '/api/devices')) return [];
  const serverLimit = attributeNumber(server.attributes, rastroAttributeKeys.deviceLimit) ?? 0;
  const installation = [licence.deviceLimit, serverLimit].filter((limit) => limit > 0);
  const userLimit = caller.deviceLimit ?? UNLIMITED;
  return [
    ...installation.map((limit): CreationLimit => ({
      owner: 'installation',
      limit,
      count: () => lookups.countAllDevices(),
      refusal: [400, DEVICE_LIMIT_REACHED, 'The device limit of this installation is reached'],
    })),
    ...(userLimit === UNLIMITED
      ? []
      : [{ owner: `user:${caller.id}`, limit: userLimit, count: () => lookups.countVisibleDevices(credentials), refusal: [400, DEVICE_LIMIT_REACHED, 'Your device limit is reached'] } as const]),
    ...(await resellerLimits(context, 'deviceLimit')),
  ];
}

/**
 * Counted at each creation, never cached, while holding every limit owner's lock until the
 * tracking server has answered the creation (the proxy releases it): two creations at the same
 * instant cannot both take the last free place.
 */
export const creationLimitsRule: WriteRule = async (context) => {
  const limits = await limitsOf(context);
  if (limits.length === 0) return;
  await context.hold(limits.map((limit) => limit.owner));
  for (const { limit, count, refusal } of limits) {
    if ((await count()) >= limit) refuse(...refusal);
  }
};
