import { isValidTaxId, rastroAttributeKeys } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { refuse, type WriteRule } from './write-context';
import { isRecord } from './write-routes';

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

/**
 * "Log in as" another user (Traccar's `POST /api/session/{id}`): administrators as anybody; a
 * manager (user limit ≠ 0) only as a user below it that is no administrator, since it would then
 * act with powers it does not have. Nobody else, whatever the tracking server would allow.
 */
const logInAs: WriteRule = async ({ write, route, caller, credentials, lookups }) => {
  if (route?.pattern !== '/api/session/:id' || write.id === undefined || caller.administrator) return;
  const denied = () => refuse(403, 'LOG_IN_AS_DENIED', 'Only administrators, and managers over the users they manage, may log in as another user');
  if ((caller.userLimit ?? 0) === 0 || write.id === caller.id) denied();
  // Asked as the caller: the tracking server shows a manager the users it manages, and nobody else.
  const target = await lookups.userInReach(write.id, credentials);
  if (!target || target.administrator) denied();
};

/** A billing tax id must be a CPF or a CNPJ whose check digits hold: the payment provider would refuse the customer later, when nobody is looking. */
const billingTaxId: WriteRule = ({ write, route }) => {
  if (route?.pattern !== '/api/users' && route?.pattern !== '/api/users/:id') return;
  if (write.method === 'DELETE' || !isRecord(write.body) || !isRecord(write.body.attributes)) return;
  const taxId = write.body.attributes[rastroAttributeKeys.billingTaxId];
  if (taxId === undefined || taxId === null || taxId === '') return;
  if (typeof taxId !== 'string' || !isValidTaxId(taxId)) throw new ApiError(400, 'INVALID_TAX_ID', 'The billing tax id is not a valid CPF or CNPJ', [`attributes.${rastroAttributeKeys.billingTaxId}`]);
};

export const userAccountRules: readonly WriteRule[] = [userRules, logInAs, billingTaxId];
