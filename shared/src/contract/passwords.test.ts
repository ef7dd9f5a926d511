import { isLongEnoughPassword, MIN_PASSWORD_LENGTH, passwordLength } from './passwords';

describe('the password minimum', () => {
  it("is SPEC's 4 characters", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(4);
    expect(isLongEnoughPassword('abcd')).toBe(true);
    expect(isLongEnoughPassword('abc')).toBe(false);
    expect(isLongEnoughPassword('')).toBe(false);
  });

  it('counts a run of whitespace as one character and characters, not UTF-16 units', () => {
    expect(passwordLength('    ')).toBe(1);
    expect(passwordLength('a \t\n b')).toBe(3);
    // Two CJK Extension B ideographs: four UTF-16 units.
    expect(passwordLength('\u{20000}\u{20001}')).toBe(2);
    expect(isLongEnoughPassword('olá mundo')).toBe(true);
  });
});
