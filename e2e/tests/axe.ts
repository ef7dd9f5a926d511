import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * The developers' guide: every screen passes axe-core with no serious or critical violation. Checks
 * the page (or the part `include` selects) as it is drawn now; the message lists each violation.
 */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  // Judged at rest: a button under the pointer from the last click shows its lighter hover colour.
  await page.mouse.move(0, 0);
  // ...and after its colour transitions: a button just enabled (the map's view became available)
  // fades in from its disabled opacity, and measured mid-fade its contrast is too low.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'));
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`),
    'axe-core serious or critical violations',
  ).toEqual([]);
}
