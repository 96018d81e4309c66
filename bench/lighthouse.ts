// Lighthouse (the npm package) on Debian's Chromium: performance and accessibility, mobile (Lighthouse's default:
// a mid-range phone on a slow 4G, simulated) and desktop presets. A screen behind the sign-in is measured in a browser
// already signed in (the session lives in localStorage), with Lighthouse told not to clear storage.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/api/src/seed';
import { chromiumPath } from './sign-in-bytes';

export type FormFactor = 'mobile' | 'desktop';
/** A score is null when Lighthouse could not compute it (a runtime error, e.g. no paint seen); `error` says why. */
export type LighthouseScores = {
  path: string;
  /** Who was signed in, when the screen differs by user type (e.g. `type 5`). */
  as?: string;
  formFactor: FormFactor;
  performance: number | null;
  accessibility: number | null;
  error?: string;
  /** With BENCH_LIGHTHOUSE_RUNS > 1: each run's performance score. */
  runs?: (number | null)[];
};

/** BENCH_LIGHTHOUSE_RUNS: runs per page and form factor, the median reported (default 1; the figures: 3). */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1) || 1);

/** The run with the median performance score (a failed run counts as the lowest), with every run's score beside. */
function medianOf(tries: LighthouseScores[]): LighthouseScores {
  if (tries.length === 1) return tries[0]!;
  const sorted = [...tries].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return { ...sorted[Math.floor(sorted.length / 2)]!, runs: tries.map((t) => t.performance) };
}

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-component-update'];

/** Signs in through the sign-in screen of the browser Lighthouse drives, so protected screens render. */
async function signInThroughTheScreen(port: number, baseUrl: string, email: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    // The screen is measured cold, as a first visit after signing in: the sign-in page's script would otherwise be
    // in the HTTP cache (Lighthouse does not clear it when told to keep the session's storage).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects playwright only; the browser stays for Lighthouse.
    await browser.close();
  }
}

export async function runLighthouse(baseUrl: string, runs: LighthouseRun[]): Promise<LighthouseScores[]> {
  const scores: LighthouseScores[] = [];
  for (const run of runs) {
    const tries: LighthouseScores[] = [];
    for (let i = 0; i < RUNS; i++) {
      let measured = await measure(baseUrl, run);
      // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): one more try before reporting no score.
      if (measured.performance === null) measured = await measure(baseUrl, run);
      tries.push(measured);
    }
    scores.push(medianOf(tries));
  }
  return scores;
}

export type LighthouseRun = { path: string; formFactor: FormFactor; signedInAs?: string; as?: string };

async function measure(baseUrl: string, run: LighthouseRun): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: FLAGS, logLevel: 'silent' });
  try {
    if (run.signedInAs) await signInThroughTheScreen(chrome.port, baseUrl, run.signedInAs);
    const result = await lighthouse(
      `${baseUrl}${run.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: Boolean(run.signedInAs),
      },
      run.formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const categories = result?.lhr.categories;
    const finalPath = result ? new URL(result.lhr.finalDisplayedUrl).pathname : '';
    if (finalPath !== run.path) throw new Error(`Lighthouse on ${run.path} ended at ${finalPath}`);
    const score = (value: number | null | undefined) => (typeof value === 'number' ? Math.round(value * 100) : null);
    const lhr = result?.lhr;
    // BENCH_LIGHTHOUSE_DIR keeps each whole report, to read which audit costs the score.
    const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
    if (reportDir && lhr) {
      mkdirSync(reportDir, { recursive: true });
      const who = run.as ? `_${run.as.replaceAll(' ', '')}` : '';
      writeFileSync(
        join(reportDir, `${run.formFactor}${run.path.replaceAll('/', '_')}${who}.json`),
        JSON.stringify(lhr),
      );
    }
    const error = lhr?.runtimeError?.code ?? (lhr?.audits['largest-contentful-paint']?.errorMessage || undefined);
    return {
      path: run.path,
      ...(run.as ? { as: run.as } : {}),
      formFactor: run.formFactor,
      performance: score(categories?.performance?.score),
      accessibility: score(categories?.accessibility?.score),
      ...(error ? { error } : {}),
    };
  } finally {
    await chrome.kill();
  }
}
