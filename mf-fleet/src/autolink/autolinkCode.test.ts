import { imeiFromCode } from './autolinkCode';

describe('the IMEI of a scanned or linked code', () => {
  it('is the code itself, trimmed', () => expect(imeiFromCode(' 356938035643809\n')).toBe('356938035643809'));
  it('is the last part of a link to the add-device screen', () => {
    expect(imeiFromCode('https://rastro.example/autolink/356938035643809?x=1')).toBe('356938035643809');
    expect(imeiFromCode('/autolink/ABC%20123')).toBe('ABC 123');
  });
});
