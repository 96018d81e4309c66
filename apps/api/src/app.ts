import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION, installSpanishZodMessages } from '@planpiso/domain';
import { createAdapters, type Adapters } from './adapters';
import type { Db } from './db/client';
import { registerAuthorization } from './platform/auth';
import { systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { AppDeps } from './platform/deps';
import { notFoundBody, registerErrorHandling } from './platform/errors';
import { registerIdempotency } from './platform/idempotency';
import { createJwt } from './platform/jwt';
import { logSerializers, pathOnly } from './platform/log-redaction';
import { createMailer, type Mailer } from './platform/mail';
import { pgRateLimitStore } from './platform/rate-limit-store';
import { fastSerializerCompiler } from './platform/serializer';
import { registerRealtime } from './platform/realtime';
import { registerSecurityHeaders } from './platform/security-headers';
import { createStorage } from './platform/storage/create-storage';
import type { Storage } from './platform/storage/storage';
import { registerUploads } from './platform/uploads';
import { auditRoutes } from './modules/audits/routes';
import { exceptionRoutes } from './modules/exceptions/routes';
import { createExceptionsService } from './modules/exceptions/service';
import { fileRoutes } from './modules/files/routes';
import { createCreditLinesService } from './modules/credit-lines/service';
import { documentRoutes } from './modules/documents/routes';
import { createDocumentsService } from './modules/documents/service';
import { provisionReviewRoutes } from './modules/provision-review/routes';
import { createProvisionReviewService } from './modules/provision-review/service';
import { createProvisionLenderActions } from './modules/provisions/lender-actions';
import { provisionLenderRoutes } from './modules/provisions/lender-routes';
import { esignWebhookRoutes, provisionSigningRoutes } from './modules/provision-signing/routes';
import { createProvisionSigningService } from './modules/provision-signing/service';
import { provisionRoutes } from './modules/provisions/routes';
import { createProvisionsService } from './modules/provisions/service';
import { provisionValidationRoutes } from './modules/provision-validation/routes';
import { createProvisionValidation } from './modules/provision-validation/service';
import { createFilesService } from './modules/files/service';
import { authRoutes } from './modules/auth/routes';
import { createAuthService, type AuthService } from './modules/auth/service';
import { allJobs } from './jobs';
import { createJobRunner } from './jobs/runner';
import { accountRoutes } from './modules/accounts/routes';
import { createAccountsService } from './modules/accounts/service';
import { branchRoutes } from './modules/branches/routes';
import { companyRoutes } from './modules/companies/routes';
import { signerConfigurationRoutes } from './modules/signer-configuration/routes';
import { createSignerConfigurationService } from './modules/signer-configuration/service';
import { createCompaniesService } from './modules/companies/service';
import { createBranchesService } from './modules/branches/service';
import { creditFailureRoutes } from './modules/credit-failures/routes';
import { createCreditFailuresService } from './modules/credit-failures/service';
import { externalRoutes } from './modules/external/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { layoutRoutes } from './modules/layouts/routes';
import { createRefinancingEvidencesService } from './modules/refinancing-signing/evidences';
import { refinancingSigningRoutes } from './modules/refinancing-signing/routes';
import { createRefinancingSigningService } from './modules/refinancing-signing/service';
import { refinancingRoutes } from './modules/refinancings/routes';
import { createRefinancingFlows } from './modules/refinancings/flows';
import { createRefinancingsService } from './modules/refinancings/service';
import { auditLogRoutes } from './modules/audit-log/routes';
import { createAuditLogService } from './modules/audit-log/service';
import { nonWorkingRoutes } from './modules/non-workings/routes';
import { provisionSettingsRoutes } from './modules/provision-settings/routes';
import { reportRoutes } from './modules/reports/routes';
import { createReportsService } from './modules/reports/service';
import { createProvisionSettingsService } from './modules/provision-settings/service';
import { createNonWorkingsService } from './modules/non-workings/service';
import { serviceDeskEmailRoutes } from './modules/service-desk-emails/routes';
import { createServiceDeskEmailsService } from './modules/service-desk-emails/service';
import { createExternalService } from './modules/external/service';
import { createInventoryService } from './modules/inventory/service';
import { createLayoutService } from './modules/layouts/service';
import { healthRoutes } from './modules/health/routes';
import { identityRoutes } from './modules/identity/routes';
import { createIdentityService, type IdentityService } from './modules/identity/service';
import { notificationRoutes } from './modules/notifications/routes';
import { createNotificationsService, type NotificationsService } from './modules/notifications/service';
import { organisationLookupRoutes } from './modules/organisation-lookups/routes';
import { createOrganisationLookups } from './modules/organisation-lookups/service';
import { roleRoutes } from './modules/roles/routes';
import { createRolesService } from './modules/roles/service';
import { unitRoutes } from './modules/units/routes';
import { createUnitsService } from './modules/units/service';
import { userRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';

// Spanish for every validation message a contract does not spell out itself: the catalogue's (spec 1 §5), installed
// by the domain's installSpanishZodMessages in buildApp — one map for the API and the screens, not zod's own locale.

export type RouteEntry = { method: string; url: string };
export type Services = {
  identity: IdentityService;
  auth: AuthService;
  notifications: NotificationsService;
};

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
  /** Tests move time; everything else uses the system clock. */
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

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export async function buildApp({
  config,
  db,
  clock = systemClock,
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

  const ownMailer = !mailer;
  // Every process sends jobs (services queue mail and other outside work in their transactions, decision 017);
  // only with JOBS on does it also work them. pg-boss starts when the app is ready, below.
  const jobs = createJobRunner({ db, config: config.jobs, log: app.log });
  const deps: AppDeps = {
    config,
    db,
    clock,
    jobs,
    mailer: mailer ?? createMailer(config),
    jwt: createJwt(config.jwtSecret, clock),
    log: app.log,
    adapters: adapters ?? createAdapters(config, app.log),
    storage: storage ?? createStorage(config.storage),
  };
  // socket.io on this app's HTTP server; it closes with the app (platform/realtime.ts).
  const realtime = registerRealtime(app, deps);
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

  registerAuthorization(app, { db, jwt: deps.jwt });
  registerIdempotency(app, { db, clock, leaseMs: config.idempotencyLeaseMs });
  await registerUploads(app);

  await app.register(healthRoutes, { db });
  await app.register(identityRoutes, { identity: services.identity, config });
  await app.register(authRoutes, { auth: services.auth });
  await app.register(userRoutes, { users: createUsersService(deps, services.identity) });
  await app.register(roleRoutes, { roles: createRolesService(deps) });
  await app.register(organisationLookupRoutes, { lookups: createOrganisationLookups(deps) });
  await app.register(notificationRoutes, { notifications: services.notifications });
  await app.register(branchRoutes, { branches: createBranchesService(deps) });
  await app.register(accountRoutes, { accounts: createAccountsService(deps, services.identity) });
  await app.register(companyRoutes, { companies: createCompaniesService(deps) });
  await app.register(signerConfigurationRoutes, { signers: createSignerConfigurationService(deps) });
  await app.register(externalRoutes, { external: createExternalService(deps) });
  await app.register(inventoryRoutes, { inventory: createInventoryService(deps) });
  await app.register(layoutRoutes, { layouts: createLayoutService(deps) });
  await app.register(nonWorkingRoutes, { nonWorkings: createNonWorkingsService(deps) });
  await app.register(auditLogRoutes, { auditLog: createAuditLogService(deps) });
  await app.register(provisionSettingsRoutes, { settings: createProvisionSettingsService(deps) });
  await app.register(reportRoutes, { reports: createReportsService(deps) });
  await app.register(serviceDeskEmailRoutes, { serviceDeskEmails: createServiceDeskEmailsService(deps) });
  const files = createFilesService(deps);
  await app.register(fileRoutes, { files });
  await app.register(exceptionRoutes, {
    exceptions: createExceptionsService(deps, files, services.notifications),
  });
  await app.register(documentRoutes, { documents: createDocumentsService(deps, files) });
  const provisionCreditLines = createCreditLinesService(deps);
  const lender = createProvisionLenderActions(deps, provisionCreditLines, services.notifications);
  await app.register(provisionRoutes, {
    provisions: createProvisionsService(deps, provisionCreditLines, services.notifications),
    lender,
  });
  await app.register(provisionReviewRoutes, {
    review: createProvisionReviewService(deps, services.notifications),
  });
  await app.register(provisionLenderRoutes, { lender });
  const refinancingSigning = createRefinancingSigningService(deps, services.notifications, (actor, id) =>
    refinancingFlows.detail(actor, id),
  );
  const refinancingFlows = createRefinancingFlows({
    ...deps,
    creditLines: provisionCreditLines,
    notifications: services.notifications,
    signing: refinancingSigning,
  });
  await app.register(refinancingRoutes, {
    refinancings: createRefinancingsService({ ...deps, creditLines: provisionCreditLines }),
    flows: refinancingFlows,
  });
  await app.register(refinancingSigningRoutes, {
    evidences: createRefinancingEvidencesService(deps, files),
    signing: refinancingSigning,
  });
  const signing = createProvisionSigningService(deps, services.notifications);
  await app.register(provisionSigningRoutes, { signing });
  await app.register(esignWebhookRoutes, { signing, refinancingSigning });
  await app.register(auditRoutes, { deps });
  await app.register(unitRoutes, { units: createUnitsService(deps, files) });
  await app.register(provisionValidationRoutes, {
    validation: createProvisionValidation({ ...deps, notifications: services.notifications }),
  });
  const failures = createCreditFailuresService(deps);
  await app.register(creditFailureRoutes, { failures });

  // Background jobs (decision 011): this process works the queues unless JOBS=off; it sends them either way.
  app.addHook('onReady', async () => {
    const definitions = allJobs(
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
    );
    // A database that is down at start must not keep the app from answering (/api/ready says 503): the first job
    // sent starts pg-boss again.
    await jobs
      .start(definitions, { work: config.jobs.enabled })
      .catch((error: unknown) => app.log.error({ err: error }, 'jobs: could not start pg-boss'));
  });
  app.addHook('preClose', async () => jobs.stop());

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

  return app;
}
