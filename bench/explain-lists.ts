// EXPLAIN (ANALYZE, BUFFERS) of every list's hot queries at lender scale (issue 15), written to docs/queries/.
//
//   npx tsx bench/explain-lists.ts            # throwaway embedded PostgreSQL, quick large data, then the plans
//
// The queries are the repositories' own (captured through drizzle's logger while the list functions run), so the
// plans are those the API runs. The users list is also explained the way it was before issue 15 (its indexes
// dropped inside a rolled-back transaction, the old SQL) to record the before/after times.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ACCOUNTS_LOOKUP_DEFAULT_SORT,
  AGENCIES_LOOKUP_DEFAULT_SORT,
  CREDIT_FAILURES_DEFAULT_SORT,
  ROLES_DEFAULT_SORT,
  USERS_DEFAULT_SORT,
  USER_TYPE,
} from '@planpiso/domain';
import { orderBy, pageWindow, sortKeyOf } from '../apps/api/src/platform/listing';
import { createCompaniesService } from '../apps/api/src/modules/companies/service';
import * as failures from '../apps/api/src/modules/credit-failures/repository';
import * as notifications from '../apps/api/src/modules/notifications/repository';
import { createOrganisationLookups } from '../apps/api/src/modules/organisation-lookups/service';
import * as roles from '../apps/api/src/modules/roles/repository';
import { roleScopeOf } from '../apps/api/src/modules/roles/policy';
import * as users from '../apps/api/src/modules/users/repository';
import { userScopeOf } from '../apps/api/src/modules/users/policy';
import { actor, timeOf, withExplainDb } from './explain-db';

const OUT = fileURLToPath(new URL('../docs/queries/', import.meta.url));
export const SIZE = { accounts: 500, operators: 100, users: 50_000, notifications: 500_000, insertions: 20_000 };

/** The dataset: 500 accounts × 2 companies × 2 branches, 50,000 users, 500,000 notifications, 20,000 insertions. */
export const LOAD = `
insert into accounts (name, email, type, register_by, created_at)
  select 'Grupo ' || initcap(substr(md5(i::text), 1, 8)), 'cuenta' || i || '@example.mx', 1 + i % 2, 1,
         now() - (i % 700) * interval '1 day'
  from generate_series(1, ${SIZE.accounts}) i;
insert into companies (account_id, name, legal_name, client_id, register_by, created_at)
  select (i + 1) / 2, 'Autos ' || initcap(substr(md5('c' || i), 1, 8)), 'Autos SA de CV ' || i, (10000 + i)::text, 1,
         now() - (i % 700) * interval '1 day'
  from generate_series(1, ${SIZE.accounts * 2}) i;
insert into agencies (account_id, company_id, name, address, register_by, created_at)
  select (i + 3) / 4, (i + 1) / 2, 'Sucursal ' || initcap(substr(md5('a' || i), 1, 8)), 'Calle ' || i, 1,
         now() - (i % 700) * interval '1 day'
  from generate_series(1, ${SIZE.accounts * 4}) i;
insert into roles (name, type, register_by)
  select 'Rol ' || initcap(substr(md5('r' || i), 1, 6)), 1 + i % 5, case when i <= 10 then null else 1 + i % ${SIZE.operators} end
  from generate_series(1, 400) i;
-- 1: the super user; 2..101: operators (type 3); the rest dealers (types 4 and 5) of one account and company each.
insert into users (firstname, lastname, email, type, role_id, account_id, company_id, register_by, created_at)
  select 'Nombre' || substr(md5('f' || i), 1, 5), 'Apellido' || substr(md5('l' || i), 1, 6),
         substr(md5(i::text), 1, 10) || i || '@correo.mx',
         case when i = 1 then 1 when i <= ${SIZE.operators + 1} then 3 when i % 10 = 0 then 4 else 5 end,
         1 + i % 10,
         case when i <= ${SIZE.operators + 1} then null else 1 + i % ${SIZE.accounts} end,
         case when i <= ${SIZE.operators + 1} then null else 2 * (1 + i % ${SIZE.accounts}) - i % 2 end,
         case when i = 1 then null when i <= ${SIZE.operators + 1} then 1 else 2 + (i % ${SIZE.accounts}) % ${SIZE.operators} end,
         now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute'
  from generate_series(1, ${SIZE.users}) i;
insert into account_operators (account_id, user_id) select a, 2 + (a - 1) % ${SIZE.operators} from generate_series(1, ${SIZE.accounts}) a;
insert into user_companies (user_id, company_id, role_id, is_default)
  select id, company_id, role_id, true from users where company_id is not null;
-- Notifications: 5,000 for the super user and for dealer 1010 (the hot readers), the rest spread over everyone.
insert into notifications (user_id, type, message, is_readed, created_at)
  select case when i <= 5000 then 1 when i <= 10000 then 1010 else 1 + i % ${SIZE.users} end,
         1 + i % 2, 'Disposición ' || i || ' cambió de estatus', i % 5 <> 0,
         now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute'
  from generate_series(1, ${SIZE.notifications}) i;
insert into provisions (account_id, company_id, credit_line, type_line, register_by, created_at)
  select 1 + i % ${SIZE.accounts}, 2 * (1 + i % ${SIZE.accounts}) - i % 2, 'L' || (1 + i % 3), 'NUEVOS', 2,
         now() - (i % 365) * interval '1 day'
  from generate_series(1, ${SIZE.insertions / 10}) i;
insert into provision_units (provision_id, vin_number, agency, brand_name, type, model, description, color,
                             inside_color, motor_number, amount)
  select 1 + i % ${SIZE.insertions / 10}, upper(substr(md5('v' || i), 1, 17)), 'Centro', 'Marca', 'Auto', '2026',
         'Unidad ' || i, 'Blanco', 'Negro', 'M' || i, 250000
  from generate_series(1, ${SIZE.insertions}) i;
insert into crm_insertions (unit_id, provision_id, status, attempts, last_error, last_date)
  select id, provision_id, case when id % 4 = 0 then 'failed' else 'inserted' end, 1 + id % 3, 'CRM: sin respuesta',
         now() - (id % 365) * interval '1 day' - (id % 1440) * interval '1 minute'
  from provision_units;
`;

/** The users list as it was before issue 15: every page sorted and counted over all users, days via timezone(). */
const USERS_BEFORE = {
  page: (offset: number) => `select "users"."id", "users"."firstname", "users"."lastname", "users"."email",
    "users"."additional_emails", "users"."phone", "users"."type", "users"."role_id", "users"."account_id",
    "users"."company_id", "users"."agency_id", "users"."register_by", "users"."is_active", "users"."version",
    to_char(timezone('America/Mexico_City', "users"."created_at"), 'YYYY-MM-DD'), "roles"."name"
    from "users" left join "roles" on "roles"."id" = "users"."role_id"
    where "users"."is_archived" = false
    order by lower("users"."email") collate "C" asc, "users"."id" asc limit 10 offset ${offset}`,
  count: `select count(*) from "users" where "users"."is_archived" = false`,
  days: `select count(*) from "users" where "users"."is_archived" = false
    and (timezone('America/Mexico_City', "users"."created_at"))::date >= '2026-01-01'::date
    and (timezone('America/Mexico_City', "users"."created_at"))::date <= '2026-01-31'::date`,
};
const NEW_USER_INDEXES = ['users_list_email_idx', 'users_list_account_email_idx', 'users_list_register_by_email_idx'];

async function main() {
  await withExplainDb('explain', 56_000, LOAD, async ({ pool, db, capture, explain }) => {
    const files = new Map<string, string[]>();
    const summary: string[] = [];
    async function record(list: string, title: string, run: () => Promise<unknown>) {
      // The capped count's EXPLAIN (FORMAT JSON) is its own look-up, not a query to explain again: capture leaves it.
      const queries = await capture(run);
      const sections = files.get(list) ?? [];
      for (const [i, query] of queries.entries()) {
        const plan = await explain(query.sql, query.params);
        sections.push(
          `## ${title}${queries.length > 1 ? ` — query ${i + 1} of ${queries.length}` : ''}\n\n` +
            `\`\`\`sql\n${query.sql}\n-- params: ${JSON.stringify(query.params)}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\`\n`,
        );
        summary.push(
          `| ${list} | ${title}${queries.length > 1 ? ` (${i + 1}/${queries.length})` : ''} | ${timeOf(plan)} |`,
        );
      }
      files.set(list, sections);
    }

    const superUser = actor(1, USER_TYPE.SUPER_USER);
    const operator = actor(2, USER_TYPE.PROVIDER_OPERATOR);
    const dealer = actor(1010, USER_TYPE.LEGAL_REPRESENTATIVE, 11, 21);
    const page = (n: number, size = 10) => pageWindow({ page: n, pageSize: size });
    const userOrder = orderBy(undefined, USERS_DEFAULT_SORT, users.userSortFields, users.userColumns.id);
    const USERS_SORT_KEY = sortKeyOf(undefined, USERS_DEFAULT_SORT);

    // Users (the hot list).
    await record('users', 'type 1, page 1, default sort (email)', () =>
      users.listUsers(db, userScopeOf(superUser), {}, page(1), userOrder, USERS_SORT_KEY),
    );
    await record('users', 'type 1, page 5,000 (offset 49,990)', () =>
      users.listUsers(db, userScopeOf(superUser), {}, page(5000), userOrder, USERS_SORT_KEY),
    );
    await record('users', 'type 1, e-mail contains "ab12"', () =>
      users.listUsers(db, userScopeOf(superUser), { email: 'ab12' }, page(1), userOrder, USERS_SORT_KEY),
    );
    await record('users', 'type 1, name contains "apellido3f"', () =>
      users.listUsers(db, userScopeOf(superUser), { name: 'apellido3f' }, page(1), userOrder, USERS_SORT_KEY),
    );
    await record('users', 'type 1, created in January 2026', () =>
      users.listUsers(
        db,
        userScopeOf(superUser),
        { from: '2026-01-01', to: '2026-01-31' },
        page(1),
        userOrder,
        USERS_SORT_KEY,
      ),
    );
    await record('users', 'type 3 (registered + operated accounts), page 1', () =>
      users.listUsers(db, userScopeOf(operator), {}, page(1), userOrder, USERS_SORT_KEY),
    );
    await record('users', 'type 4 dealer (account 11, company 21), page 1', () =>
      users.listUsers(db, userScopeOf(dealer), {}, page(1), userOrder, USERS_SORT_KEY),
    );

    // Roles.
    const roleOrder = orderBy(undefined, ROLES_DEFAULT_SORT, roles.roleSortFields, roles.roleColumns.id);
    await record('roles', 'type 1, page 1', () => roles.listRoles(db, roleScopeOf(superUser), {}, page(1), roleOrder));
    await record('roles', 'type 3 (its own roles), page 1', () =>
      roles.listRoles(db, roleScopeOf(operator), {}, page(1), roleOrder),
    );
    await record('roles', 'type 1, searched picker q="rol a", limit 20', () =>
      roles.listRoles(db, roleScopeOf(superUser), { name: 'rol a' }, page(1, 20), roleOrder),
    );

    // Accounts, companies, branches (the look-ups and their lists).
    const lookups = createOrganisationLookups({ db });
    const lookup = { page: 1, pageSize: 10 as const };
    await record('accounts', 'type 1, page 1 (name)', () =>
      lookups.accounts(superUser, { ...lookup, sort: ACCOUNTS_LOOKUP_DEFAULT_SORT }),
    );
    await record('accounts', 'type 1, searched picker q="grupo a", limit 20', () =>
      lookups.accounts(superUser, { ...lookup, q: 'grupo a', limit: 20 }),
    );
    await record('accounts', 'type 3 (operated accounts), page 1', () => lookups.accounts(operator, lookup));
    await record('accounts', 'type 1, created in January 2026', () =>
      lookups.accounts(superUser, { ...lookup, from: '2026-01-01', to: '2026-01-31' }),
    );
    const companies = createCompaniesService({ db });
    await record('companies', 'type 1, page 1 (name)', () => companies.list(superUser, lookup));
    await record('companies', 'type 1, name contains "autos b"', () =>
      companies.list(superUser, { ...lookup, name: 'autos b' }),
    );
    await record('companies', 'type 4 dealer, page 1', () => companies.list(dealer, lookup));
    await record('branches', 'type 1, page 1 (name)', () =>
      lookups.agencies(superUser, { ...lookup, sort: AGENCIES_LOOKUP_DEFAULT_SORT }),
    );
    await record('branches', 'type 1, searched picker q="sucursal c", limit 20', () =>
      lookups.agencies(superUser, { ...lookup, q: 'sucursal c', limit: 20 }),
    );
    await record('branches', 'type 4 dealer (its account), page 1', () => lookups.agencies(dealer, lookup));

    // Notifications of one user (5,000 rows) and the red dot.
    const notes = { page: 1, pageSize: 10 };
    await record('notifications', 'user 1, page 1 (newest first)', () => notifications.listNotifications(db, 1, notes));
    await record('notifications', 'user 1, page 400 (offset 3,990)', () =>
      notifications.listNotifications(db, 1, { ...notes, page: 400 }),
    );
    await record('notifications', 'dealer 1010, March 2026, type 1', () =>
      notifications.listNotifications(db, 1010, { ...notes, type: 1, from: '2026-03-01', to: '2026-03-31' }),
    );
    await record('pending-notifications', 'user 1, unread count', () => notifications.pendingCount(db, 1));

    // Credit failures (5,000 failed of 20,000 insertions).
    const failureOrder = orderBy(
      undefined,
      CREDIT_FAILURES_DEFAULT_SORT,
      failures.creditFailureSortFields,
      failures.creditFailureColumns.id,
    );
    await record('credit-failures', 'page 1 (last date, newest first)', () =>
      failures.listCreditFailures(db, {}, page(1), failureOrder),
    );
    await record('credit-failures', 'March 2026', () =>
      failures.listCreditFailures(db, { from: '2026-03-01', to: '2026-03-31' }, page(1), failureOrder),
    );

    // Before issue 15: the users list without its indexes, with the old SQL (rolled back, nothing is kept).
    const client = await pool.connect();
    const before: string[] = [];
    try {
      await client.query('begin');
      for (const name of NEW_USER_INDEXES) await client.query(`drop index ${name}`);
      for (const [title, sql] of [
        ['page 1 (before)', USERS_BEFORE.page(0)],
        ['page 5,000 (before)', USERS_BEFORE.page(49_990)],
        ['count of every page (before)', USERS_BEFORE.count],
        ['January 2026 with timezone()::date (before)', USERS_BEFORE.days],
      ] as const) {
        const plan = (await client.query(`explain (analyze, buffers) ${sql}`)).rows
          .map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN'])
          .join('\n');
        before.push(`## ${title}\n\n\`\`\`sql\n${sql}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\`\n`);
        summary.push(`| users (before issue 15) | type 1, ${title} | ${timeOf(plan)} |`);
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
    files.set('users-before', before);

    await mkdir(OUT, { recursive: true });
    const header = (list: string) =>
      `# ${list}: EXPLAIN (ANALYZE, BUFFERS)\n\nGenerated by \`npx tsx bench/explain-lists.ts\` on a throwaway embedded ` +
      `PostgreSQL with ${SIZE.accounts} accounts, ${SIZE.accounts * 2} companies, ${SIZE.accounts * 4} branches, ` +
      `${SIZE.users.toLocaleString('en-US')} users, ${SIZE.notifications.toLocaleString('en-US')} notifications and ` +
      `${SIZE.insertions.toLocaleString('en-US')} CRM insertions (a quarter failed), after VACUUM ANALYZE. ` +
      `The SQL is the repository's own, captured as the list runs.\n\n`;
    for (const [list, sections] of files) await writeFile(join(OUT, `${list}.md`), header(list) + sections.join('\n'));
    const table = `| list | query | execution (ms) |\n|---|---|---|\n${summary.join('\n')}\n`;
    await writeFile(join(OUT, 'README.md'), `${header('Lists at lender scale (issue 15)')}${table}`);
    console.log(table);
  });
}

// Run as a script, not when another bench script borrows the dataset.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
