import type { Page } from '@playwright/test';

/** When an element was added to the document and when it left it, on the page's own clock (ms). */
export interface Lifetime {
  shownAt: number;
  closedAt: number | null;
}

type Watched = Window & { rastroLifetimes?: Record<string, Lifetime[]> };

/**
 * Records, in the page and from its first script on (reloads included), every element matching
 * `selector` as it comes and goes. A test that asserts how long something stays on screen reads
 * these instead of its own clock, which a busy machine makes lag behind the page by seconds.
 */
export async function watchLifetimes(page: Page, selector: string): Promise<() => Promise<Lifetime[]>> {
  await page.addInitScript((watched) => {
    const all = ((window as Watched).rastroLifetimes ??= {});
    const lifetimes: Lifetime[] = (all[watched] = []);
    const open = new Map<Element, Lifetime>();
    const matching = (node: Node): Element[] =>
      node instanceof Element ? [...(node.matches(watched) ? [node] : []), ...node.querySelectorAll(watched)] : [];
    new MutationObserver((records) => {
      const now = performance.now();
      for (const record of records) {
        for (const node of record.addedNodes) {
          for (const element of matching(node)) {
            const lifetime = { shownAt: now, closedAt: null };
            open.set(element, lifetime);
            lifetimes.push(lifetime);
          }
        }
        for (const node of record.removedNodes) {
          for (const element of matching(node)) {
            const lifetime = open.get(element);
            if (lifetime) lifetime.closedAt = now;
            open.delete(element);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  return () => page.evaluate((watched) => (window as Watched).rastroLifetimes?.[watched] ?? [], selector);
}

/** Until `ms` of the page's clock have passed since the first watched element showed. */
export async function waitPastFirstShown(page: Page, selector: string, ms: number): Promise<void> {
  await page.waitForFunction(
    ([watched, span]) => {
      const [first] = (window as Watched).rastroLifetimes?.[watched] ?? [];
      return first !== undefined && performance.now() - first.shownAt > span;
    },
    [selector, ms] as const,
    { timeout: ms + 15_000 },
  );
}
