import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { installSpanishZodMessages } from '@planpiso/domain';
import { registerHttpPlugins } from './app-http';
import { registerModuleRoutes, type Services } from './app-routes';
import { isApiPath, registerSpaAndNotFound } from './app-spa';
import { createAdapters, type Adapters } from './adapters';
import type { Db } from './db/client';
import { registerAuthorization } from './platform/auth';
import { adjustableClock, systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { AppDeps } from './platform/deps';
import { registerErrorHandling } from './platform/errors';
import { registerIdempotency } from './platform/idempotency';
import { createJwt } from './platform/jwt';
import { logSerializers, pathOnly } from './platform/log-redaction';
import { createMailer, type Mailer } from './platform/mail';
import { createMetrics, registerHttpMetrics, registerPoolMetrics, registerSocketMetrics } from './platform/metrics';
import { fastSerializerCompiler } from './platform/serializer';
import { registerRealtime } from './platform/realtime';
import { registerDrain } from './platform/shutdown';
import { createStorage } from './platform/storage/create-storage';
import type { Storage } from './platform/storage/storage';
import { registerUploads } from './platform/uploads';
import { createAuthService } from './modules/auth/service';
import { allJobs } from './jobs';
import { createJobRunner, type AnyJobDefinition } from './jobs/runner';
import { createIdentityService } from './modules/identity/service';
import { createNotificationsService } from './modules/notifications/service';
import { metricsRoutes } from './modules/metrics/routes';
import { testClockRoutes } from './modules/test-clock/routes';

// Spanish for every validation message a contract does not spell out itself: the catalogue's (spec 1 §5), installed
// by the domain's installSpanishZodMessages in buildApp — one map for the API and the screens, not zod's own locale.

export type RouteEntry = { method: string; url: string };
export type { Services } from './app-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the authorization harness (see test/authorization.test.ts). */
    routeList: RouteEntry[];
    deps: AppDeps;
    services: Services;
  }
}

export type BuildAppOptions = {
  config: Config;
  db: Db;
  /** Tests move time; everything else uses the system clock (movable over HTTP with TEST_CLOCK=1). */
  clock?: Clock;
  mailer?: Mailer;
  /** Tests may pass their own (e.g. pointed at a private simulator they break on purpose). */
  adapters?: Adapters;
  /** Tests may pass one that fails on purpose; otherwise the configuration's (disk or S3, decision 018). */
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
};

/** Whatever logger the app gets, errors reach it without the values of the statement that failed (decision 066). */
function safeLogger(logger: NonNullable<FastifyServerOptions['logger']>): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object') return logger;
  return { ...logger, serializers: { ...logger.serializers, ...logSerializers } };
}

export { isApiPath } from './app-spa';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export async function buildApp({
  config,
  db,
  clock: givenClock = systemClock,
  mailer,
  adapters,
  storage,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Every validation answer in Spanish, whatever the bundler kept of the domain's side effects (issue 14 §1.2).
  installSpanishZodMessages();
  const app = Fastify({
    logger: safeLogger(
      logger ?? {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      },
    ),
    // Two info lines per request cost throughput on a busy API (decision 023): errors and slow requests are
    // logged with their request id below; LOG_LEVEL=debug brings the per-request lines back.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    trustProxy: config.trustProxy,
    // A caller's (or proxy's) X-Request-Id is kept when it looks like one, so logs line up across systems.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // avvio's 10 s default aborts the start on a loaded 2-core machine (seen in CI while every test file booted an
    // app at once); a slow start is not a failed one.
    pluginTimeout: 60_000,
    // A request that comes on an open connection while the app closes is answered, not refused with 503: the drain
    // (platform/shutdown.ts) has already stopped new connections and told keep-alive clients to go elsewhere.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  // Browsers' fetch often sends `Content-Type: application/json` with no body (POST /api/auth/login, sign-out):
  // treat that as "no body" instead of a parse error; everything else goes to Fastify's safe JSON parser.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return defaultJson(request, text, done);
  });

  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });

  // TEST_CLOCK=1 (development mode only): one movable clock for the whole app, moved by the routes registered below.
  const testClock = config.testClock ? adjustableClock(givenClock) : undefined;
  const clock = testClock ?? givenClock;

  const ownMailer = !mailer;
  // Every process sends jobs (services queue mail and other outside work in their transactions, decision 017);
  // only with JOBS on does it also work them. pg-boss starts when the app is ready, below.
  // Prometheus families (decision 085); Node's own only where they are exposed (each app would add observers).
  const metrics = createMetrics({ processMetrics: config.metricsToken !== undefined });
  const jobs = createJobRunner({ db, config: config.jobs, log: app.log, observe: metrics.jobs });
  const deps: AppDeps = {
    config,
    db,
    clock,
    jobs,
    mailer: mailer ?? createMailer(config),
    jwt: createJwt(config.jwtSecret, clock),
    log: app.log,
    adapters: adapters ?? createAdapters(config, app.log, metrics.external),
    storage: storage ?? createStorage(config.storage),
  };
  // socket.io on this app's HTTP server; it closes with the app (platform/realtime.ts).
  const realtime = registerRealtime(app, deps);
  registerHttpMetrics(app, metrics);
  registerPoolMetrics(metrics, db.$client);
  registerSocketMetrics(metrics, () => realtime.connected());
  // SIGTERM (server.ts): stop taking work, close the sockets so clients reconnect elsewhere, let jobs and requests
  // finish within the grace (decision 085).
  registerDrain(app, {
    graceMs: config.shutdownGraceMs,
    log: app.log,
    onDrain: [() => realtime.drain(), () => jobs.stop({ graceMs: config.shutdownGraceMs })],
  });
  const services: Services = {
    identity: createIdentityService(deps),
    auth: createAuthService(deps),
    notifications: createNotificationsService(deps, realtime),
  };
  app.decorate('deps', deps);
  app.decorate('services', services);
  if (ownMailer) app.addHook('onClose', async () => deps.mailer.close());
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // A lender's data never waits in a browser's or a proxy's cache (a shared office computer): every API answer is
    // no-store unless its route chose otherwise. The SPA's files keep their own headers (app-spa.ts).
    if (isApiPath(pathOnly(request.url)) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  if (config.slowRequestMs > 0) {
    const slowMs = config.slowRequestMs;
    app.addHook('onResponse', async (request, reply) => {
      if (reply.elapsedTime < slowMs) return;
      request.log.warn(
        {
          method: request.method,
          url: pathOnly(request.url),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'slow request',
      );
    });
  }

  registerErrorHandling(app);

  await registerHttpPlugins(app, { config, db });

  registerAuthorization(app, { db, jwt: deps.jwt });
  registerIdempotency(app, { db, clock, leaseMs: config.idempotencyLeaseMs });
  await registerUploads(app);

  const { failures } = await registerModuleRoutes(app, deps, services);
  await app.register(metricsRoutes, { token: config.metricsToken, metrics, db });
  let jobDefinitions: readonly AnyJobDefinition[] = [];
  if (testClock) await app.register(testClockRoutes, { clock: testClock, jobs: () => jobDefinitions });

  // Background jobs (decision 011): this process works the queues unless JOBS=off; it sends them either way.
  app.addHook('onReady', async () => {
    const definitions = (jobDefinitions = allJobs(
      {
        db,
        adapters: deps.adapters,
        clock,
        config: config.jobs,
        log: app.log,
        mailer: deps.mailer,
        failures,
        identity: services.identity,
        storage: deps.storage,
        notifications: services.notifications,
      },
      jobs,
    ));
    // A database that is down at start must not keep the app from answering (/api/ready says 503): the first job
    // sent starts pg-boss again.
    await jobs
      .start(definitions, { work: config.jobs.enabled })
      .catch((error: unknown) => app.log.error({ err: error }, 'jobs: could not start pg-boss'));
  });
  app.addHook('preClose', async () => jobs.stop());

  await registerSpaAndNotFound(app, config);

  return app;
}
