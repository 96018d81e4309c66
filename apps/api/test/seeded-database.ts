import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/client';
import { createDatabase } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';

/**
 * A database of its own with every migration and the demo seed, for tests that must know every row (what type
 * 1 lists is "everyone", which the shared test database cannot pin down while other files add users).
 */
export async function seededDatabase(label: string): Promise<{ db: Db; url: string; close(): Promise<void> }> {
  const adminUrl = new URL(inject('databaseUrl'));
  adminUrl.pathname = '/postgres';
  const name = `planpiso_${label}_${process.pid}`;
  const url = await createDatabase(adminUrl.toString(), name);
  await runMigrations(url);
  const handle = createDb(url, { max: 5 });
  await seedDemo(handle.db);
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
