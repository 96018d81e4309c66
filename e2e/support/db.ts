import { createDb } from '../../apps/api/src/db/client';
import { seedDemo } from '../../apps/api/src/seed';
import { e2eEnv } from './env';

/** The demo data (one user per type, companies, branch) in the database at `url`. */
export async function seedDemoAt(url: string): Promise<void> {
  const handle = createDb(url, { max: 2 });
  try {
    await seedDemo(handle.db);
  } finally {
    await handle.close();
  }
}

/** Runs `work` on the stack's database with a connection of its own, closed afterwards. */
export async function withDb<T>(work: (db: ReturnType<typeof createDb>['db']) => Promise<T>): Promise<T> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}
