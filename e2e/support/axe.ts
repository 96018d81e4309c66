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
 * each rule and the elements it found (only within `scope`, a CSS selector, when given: an open dialog whose page
 * was checked already); then checks that every name a screen reader reads is Spanish
 * (expectSpanishNames). axe's source goes in through page.evaluate (the DevTools protocol), which the app's CSP
 * does not govern, so the CSP stays strict and nothing about it changes for tests.
 */
export async function expectNoAxeViolations(page: Page, name: string, scope?: string): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource());
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (c: object, o: object) => Promise<{ violations: Violation[] }> } })
      .axe;
    const context = selector ? { include: [[selector]] } : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, scope);
  const report = violations
    .map(
      (v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)}`).join('\n')}`,
    )
    .join('\n');
  assert.equal(violations.length, 0, `axe found ${violations.length} violation(s) on ${name}:\n${report}`);
  await expectSpanishNames(page, name);
}

/**
 * Words of a library's English UI (MUI's, the data grid's, the pickers', FullCalendar's defaults) that no Spanish
 * name contains as a whole word. Matched case-insensitively, whole words only: 'Menú', 'página' or 'Columnas' do not
 * match 'Menu', 'page' or 'Columns'.
 */
export const ENGLISH_UI_WORDS = [
  'open',
  'close',
  'clear',
  'go to',
  'page',
  'next',
  'previous',
  'first',
  'last',
  'rows per page',
  'rows',
  'sort',
  'sorted',
  'ascending',
  'descending',
  'menu',
  'filter',
  'filters',
  'column',
  'columns',
  'hide',
  'show',
  'select',
  'selected',
  'search',
  'loading',
  'no options',
  'no rows',
  'choose',
  'calendar view',
  'date',
  'time',
  'today',
  'month',
  'year',
  'toggle',
  'expand',
  'collapse',
  'more',
  'actions',
  'edit',
  'delete',
  'remove',
  'cancel',
  'save',
  'submit',
  'back',
  'export',
  'download',
  'upload',
  'print',
  'density',
  'reset',
  'apply',
  'dismiss',
  'chart',
] as const;

const ENGLISH = new RegExp(
  `(?<![\\p{L}\\p{N}])(${ENGLISH_UI_WORDS.map((w) => w.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

/**
 * Data a name may carry beside its Spanish words (a VIN, a folio, a file, an e-mail, an amount): left out of the
 * match, so 'Quitar 3N1CD3AP…' or 'Eliminar page.pdf' are not read as English.
 */
const DATA = /[^\s]*[\d@][^\s]*|[^\s]+\.(pdf|png|jpe?g|xml|csv|txt|xlsx)\b/giu;

/** Roles a user acts on: each must have a name, and it must be Spanish. */
const INTERACTIVE = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'textbox',
  'searchbox',
  'combobox',
  'spinbutton',
  'slider',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'treeitem',
]);
/** Landmarks and named containers: when named, the name must be Spanish. */
const NAMED = new Set([
  'banner',
  'navigation',
  'main',
  'complementary',
  'contentinfo',
  'region',
  'search',
  'form',
  'dialog',
  'alertdialog',
  'toolbar',
  'tablist',
  'tabpanel',
  'menu',
  'listbox',
  'grid',
  'table',
  'treegrid',
  'list',
  'group',
  'radiogroup',
  'columnheader',
  'img',
  'progressbar',
  'tooltip',
  'status',
  'alert',
]);

type AriaNode = { role?: string; name?: string; placeholder?: string; children?: (AriaNode | string)[] };

/** The English word a name holds once its data is left out, if any. */
export function englishWordIn(name: string): string | undefined {
  return ENGLISH.exec(name.replace(DATA, ' '))?.[1];
}

/**
 * Fails when an element a screen reader announces — a control, a landmark, a dialog, a column header, an icon — is
 * named in English, a control has no name at all, or a heading holds a control (whose name then joins the heading's). Reads the page's accessibility tree as Chromium exposes it
 * (Playwright's aria snapshot: what is hidden from assistive technology, such as the page behind a modal dialog, is
 * not in it), and lists each offending element with its ancestors' roles and names.
 */
export async function expectSpanishNames(page: Page, where: string): Promise<void> {
  const tree = (await page.ariaSnapshotJSON()) as unknown as AriaNode[] | AriaNode;
  const problems: string[] = [];
  const label = (node: AriaNode) => `${node.role}${node.name ? ` "${node.name}"` : ''}`;
  const visit = (node: AriaNode | string, path: string[]) => {
    if (typeof node === 'string' || !node.role) return;
    const here = [...path, label(node)];
    const name = (node.name ?? '').trim();
    if (INTERACTIVE.has(node.role) && name === '' && node.role !== 'option') {
      problems.push(`${here.join(' > ')}: has no name`);
    }
    if (INTERACTIVE.has(node.role) || NAMED.has(node.role)) {
      const word = englishWordIn(name);
      if (word) problems.push(`${here.join(' > ')}: English "${word}"`);
    }
    // A control inside a heading (a dialog's close button in its title) puts its name into the heading's, and into
    // the dialog's that the heading labels: 'Creación de disposición Cerrar'.
    if (node.role === 'heading') {
      for (const child of node.children ?? []) {
        if (typeof child !== 'string' && child.role && INTERACTIVE.has(child.role) && child.name !== node.name) {
          problems.push(`${here.join(' > ')}: holds ${label(child)}, which its name reads`);
        }
      }
    }
    const placeholder = englishWordIn(node.placeholder ?? '');
    if (placeholder) problems.push(`${here.join(' > ')}: English placeholder "${node.placeholder}"`);
    for (const child of node.children ?? []) visit(child, here.slice(-3));
  };
  for (const node of Array.isArray(tree) ? tree : [tree]) visit(node, []);
  if (problems.length > 0)
    assert.fail(`English, missing or mixed accessible names on ${where}:\n${problems.join('\n')}`);
}
