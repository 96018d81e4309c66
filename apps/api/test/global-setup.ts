import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleApi } from '../../../scripts/build-api.mjs';
import { createDatabase, startEmbeddedPostgres } from '../src/db/embedded';
import { createDb } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedDemo } from '../src/seed';
import { startSimulators, type Simulators } from '../../simulators/src/index';
import { startMailCatcher } from '../../simulators/src/mail/mail-catcher';
import { freePort } from '../../../e2e/support/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A database migrated and seeded once (the demo data), which seededDatabase() copies per test file. */
    seededTemplate: string;
    smtpPort: number;
    mailHttpPort: number;
    /** The simulated external systems (decision 009), over real HTTP on free ports. */
    simulatorUrls: { crm: string; vehicles: string; ax: string; esign: string };
    simulatorTokens: { crm: string; vehicles: string; ax: string; esign: string };
    /** The key the e-signature simulator signs its webhooks with (decision 062: passed to the API explicitly). */
    simulatorWebhookSecret: string;
    /** Where every test process writes the API's log (harness.ts testLogger); log-scan-setup.ts scans it. */
    logDir: string;
    /** The API bundled as `npm start` runs it (scripts/build-api.mjs), for the tests' second API processes. */
    apiBundle: string;
  }
}

/**
 * Once per `vitest run --project api`: a real PostgreSQL in a fresh temporary directory on a free port, a
 * throwaway database with every migration applied, a template database with the demo data, and the simulators (mail catcher, CRM, vehicle service, AX,
 * e-signature) on free ports. Test files
 * read them with inject(); everything is stopped and deleted at the end.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'planpiso-test-'));
  const logDir = join(dir, 'logs');
  await mkdir(logDir);
  project.provide('logDir', logDir);
  // The second API processes (support/child-api.ts) run this bundle, as `npm start` does: under tsx each of the ~20
  // processes a run starts spent ~10 s of CPU compiling the sources. It sits under apps/api so that its imports
  // resolve from the repository's node_modules; a directory per run, so runs side by side never share one.
  const bundleDir = join(import.meta.dirname, '..', 'dist', `test-${process.pid}`);
  const apiBundle = join(bundleDir, 'server.js');
  await bundleApi(apiBundle);
  project.provide('apiBundle', apiBundle);
  const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port: await freePort(), persistent: false }).catch(
    async (error: unknown) => {
      await rm(dir, { recursive: true, force: true });
      await rm(bundleDir, { recursive: true, force: true });
      throw error;
    },
  );
  let mail: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
  let simulators: Simulators | undefined;
  try {
    const databaseUrl = await createDatabase(pg.url, `planpiso_test_${process.pid}_${Date.now()}`);
    await runMigrations(databaseUrl);
    // Migrated and seeded once; each file that needs the demo data copies it (CREATE DATABASE … TEMPLATE).
    const template = `planpiso_seeded_${process.pid}`;
    const templateUrl = await createDatabase(pg.url, template);
    await runMigrations(templateUrl);
    const seeding = createDb(templateUrl, { max: 2 });
    await seedDemo(seeding.db).finally(() => seeding.close());
    project.provide('seededTemplate', template);
    mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    project.provide('databaseUrl', databaseUrl);
    project.provide('smtpPort', mail.smtpPort);
    project.provide('mailHttpPort', mail.httpPort);
    simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
    project.provide('simulatorUrls', simulators.urls);
    project.provide('simulatorTokens', simulators.tokens);
    project.provide('simulatorWebhookSecret', simulators.esignWebhookSecret);
  } catch (error) {
    await mail?.stop();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
    throw error;
  }

  return async () => {
    await simulators?.stop();
    await mail?.stop();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
  };
}
