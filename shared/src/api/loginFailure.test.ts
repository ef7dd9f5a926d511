import { ApiError } from './http';
import { loginFailureFrom } from './loginFailure';

describe('login failures (SPEC §8)', () => {
  it('take the code from the text before a hyphen', () => {
    expect(loginFailureFrom(new ApiError(401, 'X', 'Account is disabled - contact the administrator')).code).toBe('ACCOUNT_IS_DISABLED');
    expect(loginFailureFrom(new ApiError(401, 'X', 'HTTP 401 Unauthorized')).code).toBe('HTTP_401_UNAUTHORIZED');
  });

  it('use the client code when the answer has no text', () => {
    expect(loginFailureFrom(new ApiError(0, 'NETWORK_ERROR', '')).code).toBe('NETWORK_ERROR');
  });

  it('read an error field carrying trustAvailable and the open invoices', () => {
    const body = JSON.stringify({
      error: { code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: true, invoices: [{ id: 7, dueDate: '2026-01-10', value: '89.9', status: 'OVERDUE' }, 'garbage'] },
    });
    expect(loginFailureFrom(new ApiError(403, 'X', body))).toEqual({
      code: 'ACCOUNT_IS_SUSPENDED_TRUST',
      trustAvailable: true,
      invoices: [{ id: 7, dueDate: '2026-01-10', value: 89.9, status: 'OVERDUE' }],
    });
  });

  it('read a flat error field with a sentence as the code', () => {
    const body = JSON.stringify({ error: 'Account is suspended - pay the open invoice', trustAvailable: false, invoices: [] });
    expect(loginFailureFrom(new ApiError(403, 'X', body))).toEqual({ code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: false, invoices: [] });
  });

  it('read the product API error shape', () => {
    expect(loginFailureFrom(new ApiError(403, 'INVALID_SHARE', JSON.stringify({ code: 'INVALID_SHARE', message: 'expired' }))).code).toBe('INVALID_SHARE');
  });

  it('call anything else unexpected', () => {
    expect(loginFailureFrom(new Error('boom')).code).toBe('unexpected');
  });
});
