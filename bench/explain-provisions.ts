// EXPLAIN (ANALYZE, BUFFERS) of the provisions list's hot queries (issue 16, decision 029), written to
// docs/queries/provisions.md.
//
//   npx tsx bench/explain-provisions.ts       # throwaway embedded PostgreSQL, 100,000 provisions, then the plans
//
// The queries are the repository's own (captured through drizzle's logger while the list runs), per user type and
// filter, plus the reservation sum and the double-financing look-up the creates run under the credit line's lock.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROVISIONS_DEFAULT_SORT, USER_TYPE } from '@planpiso/domain';
import { provisions } from '../apps/api/src/db/schema/financing';
import { reservedOnLine } from '../apps/api/src/modules/credit-lines/repository';
import { provisionScopeOf } from '../apps/api/src/modules/provisions/policy';
import * as listRepo from '../apps/api/src/modules/provisions/list-repository';
import * as repo from '../apps/api/src/modules/provisions/repository';
import { orderBy, sortKeyOf } from '../apps/api/src/platform/listing';
import type { AuthUser } from '../apps/api/src/platform/auth';
import { actor, timeOf, withExplainDb } from './explain-db';

const OUT = fileURLToPath(new URL('../docs/queries/', import.meta.url));
const SIZE = { accounts: 500, operators: 100, provisions: 100_000, unitsPerProvision: 3 };

/**
 * 500 accounts × 2 companies × 2 branches, 100 operators (5 accounts each), a legal representative (type 4) and a
 * dealer operator (type 5) per company, 100,000 provisions over two years in every status, 3 units each.
 */
const LOAD = `
insert into accounts (name, email, type, register_by, created_at)
  select 'Grupo ' || initcap(substr(md5(i::text), 1, 8)), 'cuenta' || i || '@example.mx', 1 + i % 2, 1, now()
  from generate_series(1, ${SIZE.accounts}) i;
insert into companies (account_id, name, legal_name, client_id, register_by)
  select (i + 1) / 2, 'Autos ' || initcap(substr(md5('c' || i), 1, 8)), 'Autos SA de CV ' || i, (20000 + i)::text, 1
  from generate_series(1, ${SIZE.accounts * 2}) i;
insert into agencies (account_id, company_id, name, address, register_by)
  select (i + 3) / 4, (i + 1) / 2, 'Sucursal ' || initcap(substr(md5('a' || i), 1, 8)), 'Calle ' || i, 1
  from generate_series(1, ${SIZE.accounts * 4}) i;
-- 1: super user; 2..101: operators; then per company c: 100 + 2c (type 5) and 101 + 2c (type 4).
insert into users (firstname, lastname, email, type)
  select 'Nombre' || i, 'Apellido' || i, 'u' || i || '@correo.mx', case when i = 1 then 1 else 3 end
  from generate_series(1, ${SIZE.operators + 1}) i;
insert into users (firstname, lastname, email, type, account_id, company_id)
  select 'Dealer' || i, 'Apellido' || i, 'd' || i || '@correo.mx', 4 + i % 2, (((i + 1) / 2) + 1) / 2, (i + 1) / 2
  from generate_series(1, ${SIZE.accounts * 4}) i;
insert into account_operators (account_id, user_id) select a, 2 + (a - 1) % ${SIZE.operators} from generate_series(1, ${SIZE.accounts}) a;
insert into user_companies (user_id, company_id, account_id, is_default)
  select id, company_id, account_id, true from users where company_id is not null;
insert into provisions (status, account_id, company_id, agency_id, legal_id, credit_line, type_line, deadlines, total,
                        register_by, created_at)
  select 1 + i % 11, ((1 + i % 1000) + 1) / 2, 1 + i % 1000, 2 * (1 + i % 1000), ${SIZE.operators + 1} + 2 * (1 + i % 1000),
         'LC-' || (20000 + 1 + i % 1000) || '-0' || (1 + i % 2), '10000000' || (i % 2), 6, (1000 + i % 5000) * 100,
         ${SIZE.operators} + 2 * (1 + i % 1000), now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute'
  from generate_series(1, ${SIZE.provisions}) i;
insert into provision_units (provision_id, vin_number, agency, brand_name, type, model, description, color,
                             inside_color, motor_number, amount)
  select 1 + i % ${SIZE.provisions}, upper(substr(md5('v' || i), 1, 17)), 'Centro', 'Marca', 'Auto', '2026',
         'Unidad ' || i, 'Blanco', 'Negro', 'M' || i, 250000
  from generate_series(1, ${SIZE.provisions * SIZE.unitsPerProvision}) i;
`;

async function main() {
  await withExplainDb('explain-provisions', 57_000, LOAD, async ({ db, capture, explain }) => {
    const sections: string[] = [];
    const summary: string[] = [];
    async function record(title: string, run: () => Promise<unknown>) {
      const queries = await capture(run);
      for (const [i, query] of queries.entries()) {
        const plan = await explain(query.sql, query.params);
        const part = queries.length > 1 ? ` (${i + 1}/${queries.length})` : '';
        sections.push(
          `## ${title}${part}\n\n\`\`\`sql\n${query.sql}\n-- params: ${JSON.stringify(query.params)}\n\`\`\`\n\n` +
            `\`\`\`\n${plan}\n\`\`\`\n`,
        );
        summary.push(`| ${title}${part} | ${timeOf(plan)} |`);
      }
    }

    const order = (sort?: string) =>
      orderBy(sort, PROVISIONS_DEFAULT_SORT, listRepo.provisionSortFields, provisions.id);
    const page = (n: number) => ({ limit: 10, offset: (n - 1) * 10 });
    const list = (who: AuthUser, filters: listRepo.ProvisionListFilters = {}, n = 1, sort?: string) =>
      listRepo.listProvisions(
        db,
        provisionScopeOf(who),
        filters,
        page(n),
        order(sort),
        sortKeyOf(sort, PROVISIONS_DEFAULT_SORT),
      );

    const superUser = actor(1, USER_TYPE.SUPER_USER);
    const operator = actor(2, USER_TYPE.PROVIDER_OPERATOR);
    const company = 21;
    const legal = actor(SIZE.operators + 1 + 2 * company, USER_TYPE.LEGAL_REPRESENTATIVE, 11, company);
    const dealer = actor(SIZE.operators + 2 * company, USER_TYPE.AGENCY_OPERATOR, 11, company);

    await record('type 1, page 1 (newest first)', () => list(superUser));
    await record('type 1, page 500 (offset 4,990)', () => list(superUser, {}, 500));
    await record('type 1, company name contains "autos b"', () => list(superUser, { companyName: 'autos b' }));
    await record('type 1, status 3 and 4', () => list(superUser, { status: [3, 4] }));
    await record('type 1, created in March 2026', () => list(superUser, { from: '2026-03-01', to: '2026-03-31' }));
    await record('type 1, folio 51234', () => list(superUser, { folio: '51234' }));
    await record('type 1, sorted by total', () => list(superUser, {}, 1, 'total:desc'));
    await record('type 3 (5 operated accounts), page 1', () => list(operator));
    await record('type 4 (its company, statuses 5–10), page 1', () => list(legal));
    await record('type 5 (its company), page 1', () => list(dealer));
    await record('type 5, its branch and operator', () => list(dealer, { agency: 2 * company, registerBy: dealer.id }));
    await record('reserved on a line (under the lock)', () => reservedOnLine(db, 'LC-20021-02'));
    await record('double financing: 3 VINs held elsewhere?', () =>
      repo.vinsHeldElsewhere(db, ['0CC175B9C0F1B6A83', '92EB5FFEE6AE2FEC3', 'NOTAVIN0000000000'], null),
    );

    await mkdir(OUT, { recursive: true });
    const header =
      `# provisions: EXPLAIN (ANALYZE, BUFFERS)\n\nGenerated by \`npx tsx bench/explain-provisions.ts\` on a throwaway ` +
      `embedded PostgreSQL with ${SIZE.accounts} accounts, ${SIZE.accounts * 2} companies, ` +
      `${SIZE.provisions.toLocaleString('en-US')} provisions in every status over two years and ` +
      `${(SIZE.provisions * SIZE.unitsPerProvision).toLocaleString('en-US')} units, after VACUUM ANALYZE. The SQL is ` +
      `the repository's own, captured as the list runs (decision 029).\n\n`;
    const table = `| query | execution (ms) |\n|---|---|\n${summary.join('\n')}\n\n`;
    await writeFile(join(OUT, 'provisions.md'), header + table + sections.join('\n'));
    console.log(table);
  });
}

await main();
