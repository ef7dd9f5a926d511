import { isLongEnoughPassword } from '@rastro/shared/contract';

/** SPEC §5: a recovery request needs the email (FILL_EMAIL_FIELD). */
export function validateRecoveryRequest(email: string): 'FILL_EMAIL_FIELD' | null {
  return email.trim() ? null : 'FILL_EMAIL_FIELD';
}

/** SPEC §5: a new password needs the token (FILL_TOKEN_FIELD), and SPEC §9's minimum length. */
export function validateNewPassword({ token, password }: { token: string; password: string }): 'errors.FILL_TOKEN_FIELD' | 'validation.passwordTooShort' | null {
  if (!token.trim()) return 'errors.FILL_TOKEN_FIELD';
  if (!isLongEnoughPassword(password)) return 'validation.passwordTooShort';
  return null;
}
