import { contrastChecks } from './contrast';
import { defaultThemeFixture } from './themeFixture';

const colours = defaultThemeFixture.colors;

describe('the contrast check (WCAG AA, 4.5:1)', () => {
  it("passes Rastro's own colours, with light text on the primary and dark text on the page", () => {
    const checks = contrastChecks(colours);
    expect(checks.map((check) => check.id)).toEqual(['primary', 'secondary', 'background', 'surface']);
    const primary = checks[0]!;
    expect(primary).toMatchObject({ drawn: 'light', passes: true });
    expect(primary.light).toBeGreaterThanOrEqual(4.5);
    expect(checks.find((check) => check.id === 'surface')).toMatchObject({ passes: true, dark: 17.7 });
  });

  it('fails a pale primary under light text, saying dark text would read', () => {
    const primary = contrastChecks({ ...colours, primary: '#ffeb3b' })[0]!;
    expect(primary.passes).toBe(false);
    expect(primary.light).toBeLessThan(4.5);
    expect(primary.dark).toBeGreaterThanOrEqual(4.5);
  });

  it('never rounds a ratio just below 4.5 up to a pass', () => {
    // #777777 on white is 4.48:1.
    const surface = contrastChecks({ ...colours, text: '#777777' })[3]!;
    expect(surface).toMatchObject({ dark: 4.4, passes: false });
  });
});

describe('the contrast check in dark mode', () => {
  const dark = defaultThemeFixture.colors.dark!;

  it("passes Rastro's dark colours: light text on the primary, the light text colour on dark surfaces", () => {
    const checks = contrastChecks(dark);
    expect(checks.every((check) => check.passes)).toBe(true);
    expect(checks.find((check) => check.id === 'background')!.dark).toBeGreaterThanOrEqual(4.5);
  });

  it('fails a pale dark primary under light text, and a dim text colour on a dark surface', () => {
    const checks = contrastChecks({ ...dark, primary: '#93c5fd', text: '#4b5563' });
    expect(checks.find((check) => check.id === 'primary')).toMatchObject({ drawn: 'light', passes: false });
    expect(checks.find((check) => check.id === 'surface')).toMatchObject({ drawn: 'dark', passes: false });
    expect(checks.find((check) => check.id === 'surface')!.dark).toBeLessThan(4.5);
  });
});
