import { isGrantAllowed } from '@rastro/shared/contract';
import { grantFor } from './write-routes';
import { refuse, type WriteRule } from './write-context';

/** SPEC §6: the write's area/action (see write-routes.ts) must be allowed by the caller's advanced permissions. */
export const advancedPermissionRule: WriteRule = ({ write, route, caller, server, licence }) => {
  const grant = route && grantFor(route, write, caller.id);
  if (grant && !isGrantAllowed({ user: caller, server, paidEdition: licence.edition === 'paid' }, grant)) {
    refuse(403, 'WRITE_ACCESS_DENIED', `Not allowed: ${grant.join(' ')}`);
  }
};
