import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './paths';
import { e2eEnv } from './env';

/**
 * Debian's Chromium, headless. Playwright itself adds --headless, a throwaway --user-data-dir and (as root)
 * --no-sandbox; the rest keeps Chromium from calling home, which this machine's closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let shared: Promise<Browser> | undefined;
let keepOpen = false;

/**
 * The run's one Chromium, started on first use (each journey still gets its own context, see newPage). Started
 * again if it crashed, so one crash does not fail every later file.
 */
export function launchBrowser(): Promise<Browser> {
  if (!shared) {
    const launched = chromium.launch({ executablePath: e2eEnv().chromiumPath, args: CHROMIUM_ARGS });
    shared = launched;
    launched.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (shared === launched) shared = undefined;
        }),
      () => {
        if (shared === launched) shared = undefined;
      },
    );
  }
  return shared;
}

/** Called by specs-entry.ts, which runs every spec file in one process: a file's end keeps the browser open. */
export function keepBrowserOpen(): void {
  keepOpen = true;
}

/** A spec file is done with the browser: closes it unless the whole run shares it (keepBrowserOpen). */
export async function releaseBrowser(): Promise<void> {
  if (!keepOpen) await closeBrowser();
}

/** Closes the shared browser (once, at the end of the run). */
export async function closeBrowser(): Promise<void> {
  const launched = shared;
  shared = undefined;
  const browser = await launched?.catch(() => undefined);
  await browser?.close();
}

/**
 * A fresh context (empty storage, no cookies) per journey, so journeys never see each other's session. `options`
 * adds to the defaults (e.g. `timezoneId: 'UTC'`).
 */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: e2eEnv().baseUrl,
    locale: 'es-MX',
    viewport: { width: 1366, height: 800 },
    ...options,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page PNG as artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
