import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@planpiso/domain';
import type { Db } from './db/client';
import type { Config } from './platform/config';
import { pgRateLimitStore } from './platform/rate-limit-store';
import { registerSecurityHeaders } from './platform/security-headers';

/** The HTTP layer every route shares: security headers, compression, CORS, cookies, rate limits and the OpenAPI docs. */
export async function registerHttpPlugins(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const https = config.appUrl.startsWith('https://');
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        // socket.io connects back to the same host.
        'connect-src': ["'self'", 'ws:', 'wss:'],
        // Over plain http (development, a LAN install) upgrading would break every asset.
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    hsts: https,
  });
  if (config.compression) {
    // Dynamic answers (JSON lists, Swagger UI); the SPA's files are compressed once at build time (preCompressed
    // below). Brotli at quality 4 compresses JSON about as well as gzip -6 for a fraction of brotli's default
    // (11) CPU, which matters on a 2-core server (decision 023). Under 1 KB the headers outweigh the saving.
    await app.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  }
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true });
  }
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    store: pgRateLimitStore(db),
    // Counting is a guard, not a gate: if PostgreSQL cannot count, let the request through.
    skipOnError: true,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'PlanPiso API', version: APP_VERSION, description: 'API de PlanPiso (ARCHITECTURE §4).' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => (https ? header : header.replace(/\s*upgrade-insecure-requests;?/, '')),
  });
}
