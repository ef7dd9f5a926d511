import { ApiError } from '../api/http';
import { initI18n } from '../i18n/i18n';
import { errorCodeMessage, errorMessage } from './errorMessage';

describe('errorMessage: one translation of the product error codes for every screen', () => {
  beforeAll(() => initI18n('en-US'));

  it.each([
    [502, 'TRACCAR_UNAVAILABLE', 'The tracking server is unavailable. Please try again in a moment.'],
    [504, 'TRACCAR_TIMEOUT', 'The tracking server did not answer in time. Please try again in a moment.'],
    [503, 'DATABASE_UNAVAILABLE', 'The database is unavailable. Please try again in a moment.'],
    [429, 'TOO_MANY_REQUESTS', 'Too many attempts. Wait a few minutes and try again.'],
    [403, 'ACCOUNT_IS_READONLY', 'Read-only account.'],
  ])('%s %s: its own message', (status, code, message) => {
    expect(errorMessage(new ApiError(status, code, ''))).toBe(message);
    expect(errorCodeMessage(code)).toBe(message);
  });

  it('an unknown code is told by its status (a proxy in front answering 502/503/504 itself)', () => {
    expect(errorMessage(new ApiError(502, 'HTTP_502', ''))).toBe('The tracking server is unavailable. Please try again in a moment.');
    expect(errorMessage(new ApiError(503, 'HTTP_503', ''))).toBe('The service is unavailable right now. Please try again in a moment.');
    expect(errorMessage(new ApiError(504, 'HTTP_504', ''))).toBe('The tracking server did not answer in time. Please try again in a moment.');
  });

  it("anything else is the screen's own message, or the generic one", () => {
    expect(errorMessage(new ApiError(400, 'SOMETHING_NEW', ''), 'errors.FILL_NAME')).toBe('The geofence name is required.');
    expect(errorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
    expect(errorCodeMessage('SOMETHING_NEW')).toBe('Something went wrong. Please try again.');
  });
});
