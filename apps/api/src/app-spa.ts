import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './platform/config';
import { notFoundBody } from './platform/errors';

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // History fallback: any non-API path without a file extension is a client-side route of the SPA.
    if (hasSpa && wantsPage && !isApiPath(path) && !/\.[A-Za-z0-9]+$/.test(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody());
  });
}
