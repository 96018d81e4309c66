import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { AUTH_OPERATIONS, IDENTITY_OPERATIONS, MESSAGES, STORAGE_KEYS } from '@planpiso/domain';
import { endJourney, journeyPage, launchBrowser, releaseBrowser, screenshot } from './browser';
import { DEMO_PASSWORD } from './demo';

/**
 * One Chromium for the whole run (shared by every spec file, see specs-entry.ts); each journey starts with no
 * cookies, storage or page (a pooled context, emptied after each journey: browser.ts journeyPage):
 * `const journey = useBrowser();` at the top of a spec, then
 * `test('...', () => journey('name', async (page) => { ... }))` (a third argument adds context options,
 * e.g. `{ timezoneId: 'UTC' }`). A failed journey leaves artifacts/failed-<name>.png behind.
 */
export function useBrowser() {
  before(async () => {
    await launchBrowser();
  });
  after(releaseBrowser);
  return async function journey(
    name: string,
    run: (page: Page) => Promise<void>,
    options?: BrowserContextOptions,
  ): Promise<void> {
    const { context, page } = await journeyPage(await launchBrowser(), options);
    let failed = true;
    try {
      await run(page);
      failed = false;
    } catch (error) {
      await screenshot(page, `failed-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`).catch(() => undefined);
      throw error;
    } finally {
      await endJourney(context, failed);
    }
  };
}

/** Waits until the locator is visible (fails the journey with Playwright's timeout message otherwise). */
export async function expectVisible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

/**
 * Fails unless the page ends up no wider than its window (no sideways scroll). Right after a viewport change the layout
 * catches up over a frame or two (tables measure themselves), so this waits for it instead of reading the first frame;
 * a page that stays wider fails with `what` and both widths.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  try {
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
      timeout: 5_000,
    });
  } catch {
    const [wide, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.fail(`${what}: the page is ${wide} px wide in a ${inner} px window`);
  }
}

/** Waits until the page is at `pathname`. */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Fills the sign-in form (mode 1) and presses Iniciar Sesión. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url(), 'http://x').pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/** Signs in and waits for the welcome page. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await expectPath(page, '/');
  await expectVisible(page.getByText(MESSAGES.welcome, { exact: true }));
}

/**
 * Signs in through the API the sign-in page calls (sign-in, then the session user) and stores the session where
 * the page keeps it, without loading the app: the next `page.goto` opens its screen signed in. A journey whose
 * subject is a screen, not signing in, so loads that screen once instead of the sign-in page, the welcome page and
 * then the screen. Signing in through the screen is the subject of
 * e2e/identity/* and of the journeys that go on from the welcome page, which keep `signInAs`.
 */
export async function signedIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const signIn = await page.request.post(IDENTITY_OPERATIONS.signIn.path, { data: { email, password } });
  const tokens = ((await signIn.json()) as { data?: { accessToken?: string } }).data;
  if (!signIn.ok() || !tokens?.accessToken) throw new Error(`Sign-in of ${email}: ${signIn.status()}`);
  const login = await page.request.post(AUTH_OPERATIONS.login.path, {
    data: {},
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  });
  const user = ((await login.json()) as { data?: { token?: string } }).data;
  if (!login.ok() || !user?.token) throw new Error(`Session user of ${email}: ${login.status()}`);
  // Storage belongs to an origin: one of the app's static files gives the page that origin without loading the app.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([keys, accessToken, token]) => {
      localStorage.setItem(keys.accessToken, accessToken);
      localStorage.setItem(keys.sessionToken, token);
      localStorage.setItem(keys.sessionCounter, '0');
    },
    [STORAGE_KEYS, tokens.accessToken, user.token] as const,
  );
}

/** Polls `read` until it equals `expected` (deep), or fails with both values after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let actual: T = await read();
  while (!isDeepStrictEqual(actual, expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    actual = await read();
  }
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Error(`Expected ${JSON.stringify(expected)}\n     got ${JSON.stringify(actual)}`);
  }
}

/** Chooses the option of a native select whose text is `option` (or matches it), once it is listed. */
export async function chooseNative(
  scope: Page | Locator,
  label: string | RegExp,
  option: string | RegExp,
): Promise<void> {
  const select = scope.getByRole('combobox', { name: label });
  if (typeof option === 'string') return void (await select.selectOption({ label: option }));
  const choice = select.locator('option', { hasText: option }).first();
  await choice.waitFor({ state: 'attached' });
  await select.selectOption((await choice.getAttribute('value')) ?? '');
}

/** Waits until a native select shows `text` as its choice. */
export async function expectChosen(select: Locator, text: string): Promise<void> {
  await eventually(async () => ((await select.locator('option:checked').textContent()) ?? '').trim(), text);
}
