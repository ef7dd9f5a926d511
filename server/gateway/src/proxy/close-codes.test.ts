import { forwardableCloseCode } from './close-codes';

describe('forwardableCloseCode', () => {
  it('keeps codes that may be sent', () => {
    for (const code of [1000, 1001, 1008, 1011, 4000]) expect(forwardableCloseCode(code)).toBe(code);
  });
  it('maps reserved codes to ones ws can send', () => {
    expect(forwardableCloseCode(1005)).toBe(1000);
    expect(forwardableCloseCode(1006)).toBe(1011);
    expect(forwardableCloseCode(1015)).toBe(1011);
  });
});
