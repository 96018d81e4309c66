import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { provisions } from '../../src/db/schema/financing';
import { buildTestApp, fakeClock, type TestApp } from '../harness';
import { WORKING_NOON, clearNonWorkingDays, type DealerGroup } from '../provision-fixtures';
import { seededDatabase } from '../seeded-database';
import { freePort } from './child-api';
import { tempDataDir } from './uploads';

export type SigningApp = {
  t: TestApp;
  seeded: Awaited<ReturnType<typeof seededDatabase>>;
  dataDir: string;
  stop(): Promise<void>;
};

/**
 * The app of a signing test file (decisions 037 and 047) on a demo database of its own (`label`), with files in a
 * data directory of its own, the business clock at a working noon and no non-working days. `listen`: the app
 * listens on a free port and APP_URL points there, so the e-signature simulator's webhooks really arrive;
 * otherwise APP_URL is a closed port and only the events the test writes reach it.
 */
export async function startSigningApp(label: string, { listen }: { listen: boolean }): Promise<SigningApp> {
  const seeded = await seededDatabase(label);
  const dataDir = await tempDataDir();
  let t: TestApp | undefined;
  const stop = async () => {
    await t?.close();
    await seeded.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const port = listen ? await freePort() : 9;
    t = await buildTestApp({
      db: seeded.db,
      clock: fakeClock(WORKING_NOON),
      env: { DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${port}` },
    });
    if (listen) await t.app.listen({ port, host: '127.0.0.1' });
    await clearNonWorkingDays(seeded.db);
    return { t, seeded, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A provision of `group` written directly in the database at `status` (the moves before it are other tests'
 * business), a Nuevos line type; its units are the caller's.
 */
export async function groupProvision(
  db: Db,
  group: DealerGroup,
  values: { status: number; creditLine: string; deadlines: number; total: string },
) {
  const [row] = await db
    .insert(provisions)
    .values({
      accountId: group.accountId,
      companyId: group.company.id,
      agencyId: group.agencyId,
      legalId: group.legal.id,
      typeLine: '100000000',
      registerBy: group.dealer.id,
      ...values,
    })
    .returning({ id: provisions.id, folio: provisions.folio });
  return row!;
}

/**
 * Makes the audit row of `action` on row `entityId` fail (a trigger raising 'boom'), so that move's transaction rolls
 * back after whatever it did outside (the provider's envelope). Answers the undo: drops the trigger.
 */
export async function failAuditOf(db: Db, action: string, entityId: number): Promise<() => Promise<void>> {
  const name = `fail_${action.replace('.', '_')}_${entityId}`;
  await db.execute(
    sql.raw(`
      create or replace function ${name}() returns trigger language plpgsql as $$
      begin
        if new.action = '${action}' and new.entity_id = '${entityId}' then raise exception 'boom'; end if;
        return new;
      end $$;
      create trigger ${name} before insert on audit_log for each row execute function ${name}();
    `),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on audit_log; drop function ${name}();`));
  };
}
