import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: string | undefined;
const axeSource = () => (source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is and fails on any violation, listing
 * each rule and the elements it found. axe's source goes in through page.evaluate (the DevTools protocol), which
 * the app's CSP does not govern, so the CSP stays strict and nothing about it changes for tests.
 */
export async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const report = violations
    .map(
      (v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)}`).join('\n')}`,
    )
    .join('\n');
  assert.equal(violations.length, 0, `axe found ${violations.length} violation(s) on ${name}:\n${report}`);
}
