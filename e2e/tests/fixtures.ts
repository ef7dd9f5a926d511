import { test as base, expect } from '@playwright/test';
import type { APIRequestContext, Cookie } from '@playwright/test';
import { demoAdmin } from './demo';
import { localUrl, slotPorts } from './slot';

/** For the specs of the login itself and of what anonymous visitors see: `test.use(signedOut)`. */
export const signedOut = { signedIn: false };

/**
 * The demo administrator's session on one worker's stack, signed in once through the gateway's API
 * and handed to every test of the worker in its browser. A UI login costs seconds per test (the
 * login page, then the app); this costs one request per worker. A test may still end the session
 * (logout, "log in as", a tracker restart): each test checks it first and signs in again.
 */
class AdminSession {
  private cookies: Cookie[] | null = null;

  constructor(private readonly api: APIRequestContext) {}

  async current(): Promise<Cookie[]> {
    if (this.cookies && (await this.isValid())) return this.cookies;
    const answer = await this.api.post('/api/session', { form: { email: demoAdmin.email, password: demoAdmin.password } });
    if (!answer.ok()) throw new Error(`the shared admin login failed: ${answer.status()} ${await answer.text()}`);
    this.cookies = (await this.api.storageState()).cookies;
    return this.cookies;
  }

  private async isValid(): Promise<boolean> {
    const answer = await this.api.get('/api/session');
    return answer.ok() && ((await answer.json()) as { email?: string }).email === demoAdmin.email;
  }
}

/**
 * Playwright's `test` with each page, context and request client pointed at the current worker's
 * own stack (see slot.ts), and the test's own browser context (its `page`, `page.request`) signed
 * in as the demo administrator (see AdminSession; `signedOut` starts a spec anonymous). Contexts a
 * test opens itself stay fresh: a visitor, another user. Not `use.storageState`: Playwright gives
 * that to every context and API client a test opens. Every spec imports `test` and `expect` from here.
 */
export const test = base.extend<{ signedIn: boolean }, { adminSession: AdminSession }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
  baseURL: async ({}, provide, testInfo) => {
    await provide(localUrl(slotPorts(testInfo.parallelIndex).gateway));
  },
  signedIn: [true, { option: true }],
  adminSession: [
    async ({ playwright }, provide, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: localUrl(slotPorts(workerInfo.parallelIndex).gateway) });
      await provide(new AdminSession(api));
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  context: async ({ context, signedIn, adminSession }, provide) => {
    if (signedIn) await context.addCookies(await adminSession.current());
    await provide(context);
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
