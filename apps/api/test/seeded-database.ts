import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/client';

/**
 * A database of its own with every migration and the demo seed (a copy of the template global-setup.ts seeded once), for tests that must know every row (what type
 * 1 lists is "everyone", which the shared test database cannot pin down while other files add users).
 */
export async function seededDatabase(label: string): Promise<{ db: Db; url: string; close(): Promise<void> }> {
  const adminUrl = new URL(inject('databaseUrl'));
  adminUrl.pathname = '/postgres';
  const name = `planpiso_${label}_${process.pid}`;
  const url = await copyTemplate(adminUrl.toString(), name);
  const handle = createDb(url, { max: 5 });
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
 * CREATE DATABASE `name` TEMPLATE the seeded template. PostgreSQL refuses a copy while another session is connected to
 * the template (55006, a copy starting at the same instant): tried again until it is free, for at most a minute.
 */
async function copyTemplate(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = admin.escapeIdentifier(inject('seededTemplate'));
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await admin.query(`create database ${admin.escapeIdentifier(name)} template ${template}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
