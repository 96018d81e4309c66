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
  pool.clear();
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

/**
 * The journeys' contexts, one per set of options, kept open from one journey to the next so the app's script files
 * come from the context's HTTP cache (the assets are immutable) instead of ~150 requests per journey: a fresh
 * context cost each journey ~1 s of a 2-core machine. What a journey could leak is emptied when it ends (cookies,
 * every visited origin's storage, its pages: cleanJourneyContext); a journey that failed drops its context.
 */
type PooledContext = { context: BrowserContext; origins: Set<string> };
const pool = new Map<string, PooledContext>();

/** A page for one journey, in the pooled context for `options` (made on first use). */
export async function journeyPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const key = JSON.stringify(options);
  let pooled = pool.get(key);
  if (!pooled || pooled.context.browser() !== browser) {
    const { context, page } = await newPage(browser, options);
    const origins = new Set<string>();
    context.on('request', (request) => {
      const origin = new URL(request.url()).origin;
      if (origin.startsWith('http')) origins.add(origin);
    });
    pooled = { context, origins };
    pool.set(key, pooled);
    return { context, page };
  }
  return { context: pooled.context, page: await pooled.context.newPage() };
}

/**
 * Ends a journey in a pooled context: as a new context would be, with no cookies, no local or session storage and
 * no open page; the HTTP cache stays. `failed` (or a failure to clean) closes the context instead.
 */
export async function endJourney(context: BrowserContext, failed: boolean): Promise<void> {
  const entry = [...pool.entries()].find(([, pooled]) => pooled.context === context);
  if (!entry || failed) {
    if (entry) pool.delete(entry[0]);
    await context.close();
    return;
  }
  try {
    const [page] = context.pages();
    if (page) {
      const cdp = await context.newCDPSession(page);
      for (const origin of entry[1].origins) {
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: CLEARED_STORAGE });
      }
      await cdp.detach();
    }
    entry[1].origins.clear();
    await context.clearCookies();
    await context.clearPermissions();
    for (const open of context.pages()) await open.close();
  } catch {
    pool.delete(entry[0]);
    await context.close().catch(() => undefined);
  }
}

/** What a journey leaves in its origins (CDP Storage.clearDataForOrigin); cookies go through Playwright. */
const CLEARED_STORAGE = 'local_storage,indexeddb,service_workers,cache_storage,file_systems,websql,shared_storage';

/** Saves a full-page PNG as artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
