import { attributeFlag, isGrantAllowed, rastroAttributeKeys } from '@rastro/shared/contract';
import { grantFor } from './write-routes';
import { refuse, type WriteRule } from './write-context';

/** SPEC §6: the write's area/action (see write-routes.ts) must be allowed by the caller's advanced permissions. */
export const advancedPermissionRule: WriteRule = async ({ write, route, caller, server, licence, credentials, lookups }) => {
  if (!route) return;
  const paidEdition = licence.edition === 'paid';
  // Where the bits do not apply (isGrantAllowed passes everything but shared users, refused before
  // this rule), resolving the grant — possibly a lookup of the geofence — would be wasted.
  if (caller.administrator || !paidEdition || !attributeFlag(server.attributes, rastroAttributeKeys.enableAdvancedPerms)) return;
  const grant = await grantFor(route, write, { callerId: caller.id, isAnchorGeofence: (id) => lookups.isAnchorGeofence(id, credentials) });
  if (grant && !isGrantAllowed({ user: caller, server, paidEdition }, grant)) refuse(403, 'WRITE_ACCESS_DENIED', `Not allowed: ${grant.join(' ')}`);
};
