import { validateRegistration } from './registrationValidation';

describe('registration validation (SPEC §5)', () => {
  it('asks for name and surname of at least 3 characters', () => {
    expect(validateRegistration({ name: 'Al', email: 'ana@x', password: 'abcd' })).toEqual({ name: 'validation.nameTooShort' });
    expect(validateRegistration({ name: '   Al  ', email: 'ana@x', password: 'abcd' }).name).toBe('validation.nameTooShort');
  });

  it('asks for a login or email and a password of at least 4 characters', () => {
    expect(validateRegistration({ name: 'Ana Lima', email: 'a@x', password: 'abc' })).toEqual({
      email: 'validation.emailTooShort',
      password: 'validation.passwordTooShort',
    });
    // The gateway's rule: a run of spaces counts as one character.
    expect(validateRegistration({ name: 'Ana Lima', email: 'ana@x', password: '    ' }).password).toBe('validation.passwordTooShort');
  });

  it('accepts the minimums', () => {
    expect(validateRegistration({ name: 'Ana', email: 'a@xy', password: 'abcd' })).toEqual({});
  });
});
