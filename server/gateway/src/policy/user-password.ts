import { MIN_PASSWORD_LENGTH, isLongEnoughPassword } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { isRecord } from './write-routes';

/**
 * SPEC's password minimum on a write that creates (`creating`) or edits a user. A new account
 * needs a password; an edit may leave it out (or send null: no change). Whatever is sent must be
 * a string of the minimum length: the tracking server stores any non-empty one, and hashes a
 * number or a 1-character string alike, so the gateway is the only place the rule holds.
 */
export function checkUserPassword(body: unknown, creating: boolean): void {
  const password = isRecord(body) ? body.password : undefined;
  if (password === undefined || password === null) {
    if (creating) throw new ApiError(400, 'INVALID_INPUT', 'password is required', ['password']);
    return;
  }
  if (typeof password !== 'string') throw new ApiError(400, 'INVALID_INPUT', 'password must be a string', ['password']);
  if (!isLongEnoughPassword(password)) throw new ApiError(400, 'INVALID_INPUT', `password must have at least ${MIN_PASSWORD_LENGTH} characters`, ['password']);
}
