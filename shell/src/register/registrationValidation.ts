import { isLongEnoughPassword } from '@rastro/shared/contract';

/** SPEC §5/§9 user form minimums, which self-registration follows too (the password's is the gateway's own rule). */
export const MIN_NAME_LENGTH = 3;
export const MIN_LOGIN_LENGTH = 4;

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
}

/** Catalog key of the problem with each field, if any (`validation.*`). */
export type RegistrationProblems = Partial<Record<keyof RegistrationInput, 'validation.nameTooShort' | 'validation.emailTooShort' | 'validation.passwordTooShort'>>;

export function validateRegistration({ name, email, password }: RegistrationInput): RegistrationProblems {
  const problems: RegistrationProblems = {};
  if (name.trim().length < MIN_NAME_LENGTH) problems.name = 'validation.nameTooShort';
  if (email.trim().length < MIN_LOGIN_LENGTH) problems.email = 'validation.emailTooShort';
  if (!isLongEnoughPassword(password)) problems.password = 'validation.passwordTooShort';
  return problems;
}
