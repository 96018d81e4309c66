import { createDb } from '../../apps/api/src/db/client';
import { seedDemo } from '../../apps/api/src/seed';

/** The demo data (one user per type, companies, branch) in the database at `url`. */
export async function seedDemoAt(url: string): Promise<void> {
  const handle = createDb(url, { max: 2 });
  try {
    await seedDemo(handle.db);
  } finally {
    await handle.close();
  }
}
