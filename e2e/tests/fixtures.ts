import { test as base, expect } from '@playwright/test';
import { localUrl, slotPorts } from './slot';

/**
 * Playwright's `test` with each page, context and request client pointed at the current worker's
 * own stack (see slot.ts). Every spec imports `test` and `expect` from here.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
  baseURL: async ({}, provide, testInfo) => {
    await provide(localUrl(slotPorts(testInfo.parallelIndex).gateway));
  },
  // The gateway's Content-Security-Policy must allow exactly what the app loads: any violation the
  // browser reports (console) fails the test that caused it.
  page: async ({ page }, provide) => {
    const violations: string[] = [];
    // Chrome logs most violations itself; the event catches the rest (and the swallowed ones).
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} from ${event.sourceFile}:${event.lineNumber}`));
    });
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|connect|execute|apply|evaluate|frame|create a worker)/i.test(message.text())) violations.push(message.text());
    });
    await provide(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
