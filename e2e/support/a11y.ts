// What the accessibility sweeps (e2e/a11y/financing-*.spec.ts) share: wait until a screen has settled, then run axe
// and the Spanish-names check on it or on a dialog, collecting every failure of a journey instead of stopping at the
// first, so one run lists them all.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { expectPath, expectVisible } from './journey';

/**
 * Waits until the screen has loaded and stopped moving: no request in flight, and for 300 ms no loading indicator
 * painted (a grid's bar, a spinner, a skeleton), no grid still without its rows, and no transition running (a dialog fading in, a menu fading out) —
 * axe reads colours as painted, and a grid still loading is not the screen. A spinner's endless rotation is not waited
 * for.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => delete (window as unknown as { a11yQuietSince?: number }).a11yQuietSince);
  await page.waitForFunction(
    () => {
      const loading = document.querySelectorAll('[role="progressbar"], .MuiSkeleton-root, [aria-busy="true"]');
      const painted = Array.from(loading).some((el) => (el as HTMLElement).offsetParent !== null);
      const moving = document.getAnimations().some((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      // A data grid renders its rows only once it has measured itself (a ResizeObserver turn later, seconds on a
      // busy machine): until then it is a grid with no row, which is not the screen a user reads.
      const grids = Array.from(document.querySelectorAll('[role="grid"], [role="treegrid"]'));
      const unmeasured = grids.some((grid) => !grid.querySelector('[role="row"]'));
      const w = window as unknown as { a11yQuietSince?: number };
      if (painted || moving || unmeasured) w.a11yQuietSince = undefined;
      else w.a11yQuietSince ??= performance.now();
      return w.a11yQuietSince !== undefined && performance.now() - w.a11yQuietSince >= 300;
    },
    undefined,
    { polling: 50 },
  );
}

/** The sweep's steps on one page; `done()` fails the journey with every failure it collected. */
export function a11yChecker(page: Page) {
  const failures: string[] = [];
  /** Checks the page (or only its open dialogs, `dialog`), once settled. */
  const check = async (label: string, dialog = false) => {
    await settle(page);
    await expectNoAxeViolations(page, label, dialog ? '[role="dialog"]' : undefined).catch((e: Error) =>
      failures.push(e.message),
    );
  };
  /** Runs a step; a step that cannot be done (a button missing) is a failure too, and the journey goes on. */
  const step = async (label: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      failures.push(`${label}: ${(error as Error).message.split('\n')[0]}`);
      await page.keyboard.press('Escape').catch(() => undefined);
    }
  };
  /** Opens `path` and checks it once its title is shown. */
  const visit = (path: string, label = path) =>
    step(label, async () => {
      await page.goto(path);
      await expectPath(page, path.split('?')[0]!);
      await expectVisible(page.locator('main h1'));
      await check(label);
    });
  /** Opens a dialog with `open`, checks it, closes it with `close` (Escape when not given). */
  const dialog = (label: string, open: () => Promise<void>, name: string | RegExp, close?: () => Locator) =>
    step(label, async () => {
      await open();
      const shown = page.getByRole('dialog', { name });
      await expectVisible(shown);
      await check(label, true);
      if (close) await close().click();
      else await page.keyboard.press('Escape');
      await shown.waitFor({ state: 'hidden' });
    });
  const done = () => assert.deepEqual(failures, []);
  return { check, step, visit, dialog, done };
}
