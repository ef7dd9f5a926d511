import { validateNewPassword, validateRecoveryRequest } from './recoveryValidation';

describe('password recovery validation (SPEC §5)', () => {
  it('needs the email to send a link', () => {
    expect(validateRecoveryRequest('  ')).toBe('FILL_EMAIL_FIELD');
    expect(validateRecoveryRequest('ana@x')).toBeNull();
  });

  it('needs the token, then a password of at least 4 characters', () => {
    expect(validateNewPassword({ token: '', password: 'abcd' })).toBe('errors.FILL_TOKEN_FIELD');
    expect(validateNewPassword({ token: 'tok', password: 'abc' })).toBe('validation.passwordTooShort');
    expect(validateNewPassword({ token: 'tok', password: 'abcd' })).toBeNull();
  });
});
