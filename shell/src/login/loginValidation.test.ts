import { shareTokenFrom, validateLogin, validateShareAccess } from './loginValidation';

describe('login validation (SPEC §5)', () => {
  it('needs both the email and the password', () => {
    expect(validateLogin({ email: 'ana', password: '' })).toBe('FILL_ALL_FIELDS');
    expect(validateLogin({ email: '   ', password: 'x' })).toBe('FILL_ALL_FIELDS');
    expect(validateLogin({ email: 'ana', password: 'x' })).toBeNull();
  });

  it('needs a token for a shared-link login', () => {
    expect(validateShareAccess('')).toBe('FILL_ALL_FIELDS');
    expect(validateShareAccess('https://frota.example/login')).toBe('FILL_ALL_FIELDS');
    expect(validateShareAccess('abc123')).toBeNull();
  });

  it('finds the token in a pasted link, path or bare token', () => {
    expect(shareTokenFrom('https://frota.example/share/Abc-123?x=1')).toBe('Abc-123');
    expect(shareTokenFrom('/share/tok%20en')).toBe('tok en');
    expect(shareTokenFrom('  Abc-123 ')).toBe('Abc-123');
    expect(shareTokenFrom('not a token')).toBeNull();
  });
});
