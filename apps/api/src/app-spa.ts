import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SIGN_IN_PATH } from '@planpiso/domain';
import type { Config } from './platform/config';
import { notFoundBody } from './platform/errors';

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** The build's preloads of the shell's files (apps/web/shell-preload.ts), one tag a line. */
const SHELL_PRELOAD = /^\s*<link [^>]*\bdata-shell\b[^>]*>\s*$/gm;

/**
 * The pages a signed-out visit opens: the sign-in page, and the root that sends it there (a signed-in root goes on to
 * the user's first screen).
 */
const SIGNED_OUT_PAGES = new Set(['/', SIGN_IN_PATH]);

/**
 * The page for a client-side route: the build's index.html, read at each request (a rebuild under a running server
 * serves the new files). The signed-out pages go without the shell's preloads: the sign-in page needs the entry
 * alone, and its load stays what it was (issue 31); a signed-in screen's page has them.
 */
async function spaPage(webDist: string, path: string): Promise<string> {
  const html = await readFile(join(webDist, 'index.html'), 'utf8');
  return SIGNED_OUT_PAGES.has(path) ? html.replace(SHELL_PRELOAD, '') : html;
}

/** The web app's built files when there are any, and the answer to every path no route claims. */
export async function registerSpaAndNotFound(app: FastifyInstance, config: Config) {
  const hasSpa = existsSync(join(config.webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      // The web build writes .br and .gz beside every asset of 1 KB or more (apps/web/precompress.ts): sent as
      // they are to a browser that accepts them, with no CPU spent per request.
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        reply.header(
          'cache-control',
          path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendPage = async (reply: FastifyReply, path: string) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await spaPage(config.webDist, path));
  // The root is a page like any other, not the file as built (the static files' route would send it whole).
  if (hasSpa) app.get('/', (_request, reply) => sendPage(reply, '/'));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // History fallback: any non-API path without a file extension is a client-side route of the SPA.
    if (hasSpa && wantsPage && !isApiPath(path) && !/\.[A-Za-z0-9]+$/.test(path)) {
      return sendPage(reply, path);
    }
    return reply.status(404).send(notFoundBody());
  });
}
