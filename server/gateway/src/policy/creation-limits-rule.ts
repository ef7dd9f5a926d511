import { attributeNumber, rastroAttributeKeys, UNLIMITED } from '@rastro/shared/contract';
import type { DeviceLink, ResellerLimitKind, ResellerScope } from './reseller-trees';
import { refuse, type WriteContext, type WriteRule } from './write-context';
import { isRecord } from './write-routes';

/** One limit a write must stay under: who owns it (the lock key), and whether the write would go past it. */
interface CreationLimit {
  owner: string;
  /** Counted while the owner's lock is held. */
  full(): Promise<boolean>;
  refusal: readonly [400 | 403, string, string];
}

/** A creation that adds one more to what `count` counts: refused once the count reaches `limit`. */
const reaches = (limit: number, count: () => Promise<number>) => async () => (await count()) >= limit;

const DEVICE_LIMIT_REACHED = 'USER_DEVICE_LIMIT_REACHED';

const resellerDeviceRefusal = (domain: string) => [400, DEVICE_LIMIT_REACHED, `The device limit of the reseller ${domain} is reached`] as const;

const creates = (context: WriteContext, pattern: string) => context.write.method === 'POST' && context.route?.pattern === pattern;

async function resellerLimits(context: WriteContext, kind: ResellerLimitKind): Promise<CreationLimit[]> {
  const scopes = await context.resellers.scopesFor(context.caller, context.domain, kind);
  return scopes.map(({ tenant, members }) =>
    kind === 'deviceLimit'
      ? {
          owner: `reseller:${tenant.domain}`,
          full: reaches(tenant.deviceLimit, () => context.resellers.countDevices(members)),
          refusal: resellerDeviceRefusal(tenant.domain),
        }
      : {
          owner: `reseller:${tenant.domain}`,
          // The reseller itself is not one of the users it may create.
          full: reaches(tenant.userLimit, async () => members.size - 1),
          refusal: [403, 'WRITE_ACCESS_DENIED', `The user limit of the reseller ${tenant.domain} is reached`],
        },
  );
}

/** `{ userId, deviceId }` or `{ userId, groupId }`: a link that shows a user devices; null for any other. */
function deviceLinkOf(body: unknown): (DeviceLink & { userId: number }) | null {
  if (!isRecord(body) || typeof body.userId !== 'number') return null;
  if (typeof body.deviceId === 'number') return { userId: body.userId, deviceId: body.deviceId };
  if (typeof body.groupId === 'number') return { userId: body.userId, groupId: body.groupId };
  return null;
}

/**
 * Linking a device (or a group of devices) to a user of a reseller's tree adds it to that tree, as
 * creating one does: refused when the tree would then hold more than its limit. A bulk request's
 * links are counted together, so many links cannot each squeeze into the last free place. SPEC says
 * nothing of links, so, as for creations, everyone but the installation's administrators is held to it.
 */
async function linkLimits(context: WriteContext): Promise<CreationLimit[]> {
  const body = context.write.body;
  const links = (Array.isArray(body) ? body : [body]).map(deviceLinkOf).filter((link) => link !== null);
  const byDomain = new Map<string, { scope: ResellerScope; links: DeviceLink[] }>();
  for (const userId of new Set(links.map((link) => link.userId))) {
    for (const scope of await context.resellers.scopesHolding(context.caller, userId)) {
      const entry = byDomain.get(scope.tenant.domain) ?? { scope, links: [] };
      entry.links.push(...links.filter((link) => link.userId === userId));
      byDomain.set(scope.tenant.domain, entry);
    }
  }
  return [...byDomain.values()].map(({ scope: { tenant, members }, links: brought }) => ({
    owner: `reseller:${tenant.domain}`,
    full: async () => {
      const tree = await context.resellers.devicesOf(members);
      const after = new Set([...tree, ...(await context.resellers.devicesLinkedBy(brought))]);
      return after.size > tree.size && after.size > tenant.deviceLimit;
    },
    refusal: resellerDeviceRefusal(tenant.domain),
  }));
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
  if (creates(context, '/api/permissions') || creates(context, '/api/permissions/bulk')) return linkLimits(context);
  if (!creates(context, '/api/devices')) return [];
  const serverLimit = attributeNumber(server.attributes, rastroAttributeKeys.deviceLimit) ?? 0;
  const installation = [licence.deviceLimit, serverLimit].filter((limit) => limit > 0);
  // Traccar holds an administrator to no device limit of its own (PermissionsService.checkEdit).
  const userLimit = caller.administrator ? UNLIMITED : (caller.deviceLimit ?? UNLIMITED);
  return [
    ...installation.map((limit): CreationLimit => ({
      owner: 'installation',
      full: reaches(limit, () => lookups.countAllDevices()),
      refusal: [400, DEVICE_LIMIT_REACHED, 'The device limit of this installation is reached'],
    })),
    ...(userLimit === UNLIMITED
      ? []
      : [{ owner: `user:${caller.id}`, full: reaches(userLimit, () => lookups.countVisibleDevices(credentials)), refusal: [400, DEVICE_LIMIT_REACHED, 'Your device limit is reached'] } as const]),
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
  for (const { full, refusal } of limits) {
    if (await full()) refuse(...refusal);
  }
};
