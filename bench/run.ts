// `npm run bench` (after scripts/bench.mjs rebuilt the web app): prints
//  (a) the gzip size of the JavaScript the sign-in page loads, against its budget, and
//  (b) GET /api/ready throughput and p99 latency under autocannon against a started API on the embedded PostgreSQL.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser';
import { WEB_DIST } from '../e2e/support/paths';
import { startStack, type Stack } from '../e2e/support/stack';
import { gzipSize, kb, measureSignInBundle, SIGN_IN_JS_BUDGET_KB } from './bundle-size';
import { loadTest } from './ready-throughput';

const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** What Chromium really downloads for /login (scripts only): catches chunks index.html does not name. */
async function loadedByBrowser(baseUrl: string): Promise<{ count: number; gzipBytes: number } | null> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) return null;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(bodies);
    return { count: scripts.length, gzipBytes: scripts.reduce((sum, body) => sum + gzipSize(body), 0) };
  } finally {
    await browser.close();
  }
}

let failed = false;

console.log(
  '\n(a) JavaScript loaded by the sign-in page (entry + modulepreload of dist/index.html, gzip -9, 1 KB = 1000 bytes)',
);
const bundle = measureSignInBundle(WEB_DIST);
for (const f of bundle.files) {
  console.log(
    `    ${f.file.padEnd(48)} ${fmt(kb(f.bytes)).padStart(8)} KB raw ${fmt(kb(f.gzipBytes)).padStart(7)} KB gzip`,
  );
}
const totalKb = kb(bundle.totalGzipBytes);
const withinBudget = totalKb <= SIGN_IN_JS_BUDGET_KB;
failed ||= !withinBudget;
console.log(`    sign-in page JavaScript: ${fmt(totalKb)} KB gzip`);
console.log(
  `    ${withinBudget ? 'PASS' : 'FAIL'}: ${fmt(totalKb)} KB ${withinBudget ? '<=' : '>'} ${SIGN_IN_JS_BUDGET_KB} KB budget`,
);

let stack: Stack | undefined;
try {
  console.log(
    '\nStarting the API on an embedded PostgreSQL (LOG_LEVEL=warn, so request logging does not skew the figures)...',
  );
  stack = await startStack({ seed: false, logLevel: 'warn', name: 'bench' });

  const loaded = await loadedByBrowser(stack.baseUrl);
  if (loaded) {
    console.log(
      `    as loaded by Chromium at /login: ${loaded.count} script(s), ${fmt(kb(loaded.gzipBytes))} KB gzip` +
        (kb(loaded.gzipBytes) > SIGN_IN_JS_BUDGET_KB ? '  (over budget: lazy chunks loaded at once)' : ''),
    );
  }

  console.log('\n(b) GET /api/ready under autocannon (10 connections, 10 s, after a 2 s warm-up)');
  const url = `${stack.baseUrl}/api/ready`;
  await loadTest(url, { connections: 10, seconds: 2 });
  const load = await loadTest(url, { connections: 10, seconds: 10 });
  console.log(`    throughput: ${fmt(load.requestsPerSecond, 0)} req/s (${load.requests} requests)`);
  console.log(`    latency:    p50 ${fmt(load.p50Ms)} ms, p99 ${fmt(load.p99Ms)} ms`);
  if (load.non2xx > 0 || load.errors > 0) {
    failed = true;
    console.log(`    FAIL: ${load.non2xx} non-2xx answers, ${load.errors} errors/timeouts`);
  }
} finally {
  await stack?.stop();
}
process.exit(failed ? 1 : 0);
