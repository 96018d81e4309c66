// How much JavaScript the sign-in page makes the browser download, gzipped at level 9 (what a server or CDN
// would send). ARCHITECTURE §7: features are lazy-loaded so the sign-in page ships little JavaScript.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const SIGN_IN_JS_BUDGET_KB = 150;

export type SizedFile = { file: string; bytes: number; gzipBytes: number };

export const gzipSize = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;
export const kb = (bytes: number) => bytes / 1000;

/**
 * The entry script and every `<link rel="modulepreload">` of dist/index.html: what the browser fetches before
 * the app can draw the sign-in page.
 */
export function indexHtmlScripts(html: string): string[] {
  const srcs = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    if (!/type=["']?module/.test(tag)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if (src) srcs.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (!/rel=["']?modulepreload/.test(tag)) continue;
    const href = /\bhref=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if (href) srcs.add(href);
  }
  return [...srcs].filter((src) => !/^(https?:)?\/\//.test(src));
}

export function measureSignInBundle(distDir: string): { files: SizedFile[]; totalGzipBytes: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = indexHtmlScripts(html);
  if (scripts.length === 0) throw new Error(`No module script in ${join(distDir, 'index.html')}`);
  const files = scripts.map((src) => {
    const content = readFileSync(join(distDir, src.replace(/^\//, '')));
    return { file: src, bytes: content.length, gzipBytes: gzipSize(content) };
  });
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
