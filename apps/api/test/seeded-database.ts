import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/client';

/**
 * A database of its own with every migration and the demo seed (a copy of the template global-setup.ts seeded once), for tests that must know every row (what type
 * 1 lists is "everyone", which the shared test database cannot pin down while other files add users).
 */
export async function seededDatabase(
  label: string,
  pool: { connectionTimeoutMillis?: number } = {},
): Promise<{ db: Db; url: string; close(): Promise<void> }> {
  const adminUrl = new URL(inject('databaseUrl'));
  adminUrl.pathname = '/postgres';
  const name = `planpiso_${label}_${process.pid}`;
  const url = await copyTemplate(adminUrl.toString(), name);
  const handle = createDb(url, { max: 5, ...pool });
  return {
    db: handle.db,
    url,
    async close() {
      await handle.close();
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
    },
  };
}

/**
 * CREATE DATABASE `name` TEMPLATE the seeded template. PostgreSQL refuses a copy while another session uses the
 * template, so the copies of all test processes take turns on an advisory lock (held by this session until it ends).
 */
async function copyTemplate(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = admin.escapeIdentifier(inject('seededTemplate'));
    await admin.query(`select pg_advisory_lock(hashtext('planpiso seeded template'))`);
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    await admin.query(`create database ${admin.escapeIdentifier(name)} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
