import { refuse, type WriteRule } from './write-context';

/**
 * SPEC §5: nobody deletes their own account (administrators included); a non-administrator
 * neither deletes nor edits an administrator.
 */
const userRules: WriteRule = async ({ write, route, caller, credentials, lookups }) => {
  if (route?.pattern !== '/api/users/:id' || write.id === undefined) return;
  if (write.method === 'DELETE' && write.id === caller.id) refuse(400, 'CANNOT_DELETE_SELF', 'You cannot delete your own account');
  if (caller.administrator || write.id === caller.id) return;
  // Unknown or out of reach: the tracking server answers that itself.
  const target = await lookups.findUser(write.id, credentials);
  if (!target?.administrator) return;
  if (write.method === 'DELETE') refuse(403, 'CANNOT_DELETE_HIGHER_ADMIN', 'You cannot delete an administrator');
  if (write.method === 'PUT') refuse(403, 'CANNOT_EDIT_HIGHER_ADMIN', 'You cannot edit an administrator');
};

export const userAccountRules: readonly WriteRule[] = [userRules];
