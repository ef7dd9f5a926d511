import { test as base } from '@playwright/test';
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
});

export { expect } from '@playwright/test';
