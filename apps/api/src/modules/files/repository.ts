import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exceptions } from '../../db/schema/exceptions';
import { evidences, files } from '../../db/schema/files';
import { provisionUnits, provisions } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { refinancingUnits, refinancings } from '../../db/schema/refinancings';
import type { AccountScope } from '../organisation-lookups';
import { companyScopeWhere } from '../organisation-lookups';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;
export type NewEvidence = typeof evidences.$inferInsert;

export async function insertFile(tx: Executor, row: NewFile): Promise<FileRow> {
  const [saved] = await tx.insert(files).values(row).returning();
  return saved!;
}

export async function insertEvidence(tx: Executor, row: NewEvidence) {
  const [saved] = await tx.insert(evidences).values(row).returning();
  return saved!;
}

export async function findFile(db: Executor, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** Companies the scope reaches, as `company_id in (...)` on any table's column. */
const companyInScope = (scope: AccountScope) =>
  sql`select ${companies.id} from ${companies} where ${companyScopeWhere(scope)}`;

/**
 * A file, if the caller may read it: one of its evidences belongs to an exception of a company in the caller's
 * scope, or to a provision (or a provision's unit) the caller sees — `provisionInScope`, the provisions policy's own
 * condition, so a file is readable exactly where its provision is (decision 029; ARCHITECTURE §6: anything else is
 * simply not found) — or to a refinancing (or a refinancing's unit) the caller sees (decision 047). The uploader
 * always reads its own.
 */
export async function findFileInScope(
  db: Executor,
  scope: AccountScope,
  inScopeOf: { provision: SQL; refinancing: SQL | undefined },
  userId: number,
  id: number,
): Promise<FileRow | undefined> {
  const inScope = companyInScope(scope);
  const owned = sql`exists (
    select 1 from ${evidences}
    left join ${exceptions} on ${exceptions.id} = ${evidences.exceptionId}
    left join ${provisionUnits} on ${provisionUnits.id} = ${evidences.unitId}
    left join ${provisions} on ${provisions.id} = coalesce(${evidences.provisionId}, ${provisionUnits.provisionId})
    left join ${refinancingUnits} on ${refinancingUnits.id} = ${evidences.refinancingUnitId}
    left join ${refinancings}
      on ${refinancings.id} = coalesce(${evidences.refinancingId}, ${refinancingUnits.refinancingId})
    where ${evidences.fileId} = ${files.id}
      and (${exceptions.companyId} in (${inScope}) or (${provisions.id} is not null and ${inScopeOf.provision})
        or (${refinancings.id} is not null and ${inScopeOf.refinancing ?? sql`false`}))
  )`;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), sql`(${files.uploadedBy} = ${userId} or ${owned})`))
    .limit(1);
  return row;
}
