import { attributeNumber, rastroAttributeKeys, UNLIMITED } from '@rastro/shared/contract';
import { refuse, type WriteRule } from './write-context';

/**
 * SPEC §5: creating a device is refused once the count reaches any limit — the licence's and the
 * server's (`rastro.deviceLimit`) over every device of the installation, the user's own
 * `deviceLimit` over the devices that user sees. Counted at each creation, never cached.
 */
export const deviceLimitRule: WriteRule = async ({ write, route, caller, server, licence, credentials, lookups }) => {
  if (write.method !== 'POST' || route?.pattern !== '/api/devices') return;
  const serverLimit = attributeNumber(server.attributes, rastroAttributeKeys.deviceLimit) ?? 0;
  const installationLimits = [licence.deviceLimit, serverLimit].filter((limit) => limit > 0);
  if (installationLimits.length > 0) {
    const all = await lookups.countAllDevices();
    if (installationLimits.some((limit) => all >= limit)) refuse(400, 'USER_DEVICE_LIMIT_REACHED', 'The device limit of this installation is reached');
  }
  const userLimit = caller.deviceLimit ?? UNLIMITED;
  if (userLimit !== UNLIMITED && (await lookups.countVisibleDevices(credentials)) >= userLimit) {
    refuse(400, 'USER_DEVICE_LIMIT_REACHED', 'Your device limit is reached');
  }
};
