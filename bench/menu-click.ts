// Menu click → rows visible (issue 15; issue 31 adds Disposiciones as the dealer): a user, on the welcome page with the
// app loaded, opens the side menu's group when the link is in one (the super user's Usuarios) and clicks the link; the time runs in the page from the click until the first data
// row of the grid is in the document and visible. Each try reloads the app first, so the list is not in the query
// cache (the browser's HTTP cache keeps the scripts, as for someone who used the app yesterday). Median of the tries.
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/api/src/seed';
import { CHROMIUM_ARGS } from '../e2e/support/browser';
import { chromiumPath } from './sign-in-bytes';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

declare global {
  interface Window {
    __benchClickAt?: number;
  }
}

/** The side menu's link to click, and the group it sits in when it is not at the top level. */
export type MenuTarget = { link: string; group?: string };

export async function measureMenuClick(
  baseUrl: string,
  email: string,
  target: MenuTarget = { group: 'Usuarios', link: 'Usuarios' },
  tries = 5,
): Promise<{ samplesMs: number[]; medianMs: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'es-MX',
      viewport: { width: 1366, height: 800 },
    });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });

    const samplesMs: number[] = [];
    // One more than asked: the first loads the users screen's chunk into the HTTP cache and is dropped.
    for (let i = 0; i <= tries; i++) {
      await page.goto('/');
      const link = menu.getByRole('link', { name: target.link, exact: true });
      if (target.group) {
        const group = menu.getByRole('button', { name: target.group, exact: true });
        await group.waitFor({ state: 'visible' });
        if (!(await link.isVisible())) await group.click();
      }
      await link.waitFor({ state: 'visible' });
      await page.evaluate(() => {
        delete window.__benchClickAt;
        document.addEventListener('click', () => (window.__benchClickAt = performance.now()), {
          capture: true,
          once: true,
        });
      });
      await link.click();
      const elapsed = await page.waitForFunction(
        () => {
          const row = document.querySelector('[role="grid"] [role="row"][data-rowindex="0"]');
          if (!row || window.__benchClickAt === undefined) return false;
          const box = row.getBoundingClientRect();
          return box.width > 0 && box.height > 0 ? performance.now() - window.__benchClickAt : false;
        },
        undefined,
        { polling: 'raf' },
      );
      const ms = (await elapsed.jsonValue()) as number;
      if (i > 0) samplesMs.push(ms);
    }
    return { samplesMs, medianMs: median(samplesMs) };
  } finally {
    await browser.close();
  }
}
