// The sign-in page's bytes as sent (issue 15): what Chromium requests for /login, each fetched again as a browser
// asks for it (`Accept-Encoding: br, gzip`) and counted as it comes over the wire, compressed when the server
// compresses. The budget is on the JavaScript; the page total (HTML, CSS, fonts...) is reported beside it.
import { request } from 'node:http';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser';

export const SIGN_IN_JS_BUDGET_KIB = 150;

export type SentFile = { url: string; kind: string; bytes: number; encoding: string };
export type SignInBytes = { files: SentFile[]; jsBytes: number; totalBytes: number };

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** GET `url` as a browser would and count the body's bytes as received (no decompression). */
export function bytesAsSent(url: string): Promise<{ bytes: number; encoding: string; status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({
          bytes,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          status: response.statusCode ?? 0,
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureSignInBytes(baseUrl: string): Promise<SignInBytes> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const requested: { url: string; kind: string }[] = [];
  try {
    const page = await browser.newPage();
    page.on('request', (r) => {
      if (r.url().startsWith(baseUrl) && !r.url().includes('/api/'))
        requested.push({ url: r.url(), kind: r.resourceType() });
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  } finally {
    await browser.close();
  }
  const unique = [...new Map(requested.map((r) => [r.url, r])).values()];
  const files: SentFile[] = [];
  for (const file of unique) {
    const sent = await bytesAsSent(file.url);
    if (sent.status !== 200) throw new Error(`${file.url}: ${sent.status}`);
    files.push({ ...file, bytes: sent.bytes, encoding: sent.encoding });
  }
  const sum = (list: SentFile[]) => list.reduce((total, f) => total + f.bytes, 0);
  return { files, jsBytes: sum(files.filter((f) => f.kind === 'script')), totalBytes: sum(files) };
}
