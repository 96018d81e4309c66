// `npm run seed:large` (issue 15): the lender at scale for what exists today, in a database of its own (large-db.ts):
// 500 accounts, 1,000 companies, 2,000 branches, 50,000 users (20,000 notifications for the demo operator), 500,000
// notifications. Migrated and seeded with the demo data first (the demo users sign in as in `npm start`), then the
// rest is bulk-loaded with COPY FROM STDIN. Idempotent: a second run says the data set exists; `--fresh` rebuilds it.
// Later issues add their entities here (provisions, units, exceptions...).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createDb } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../apps/api/src/seed';
import { hashPassword } from '../apps/api/src/modules/identity/passwords';
import { countUsers, createLargeDatabase, databaseExists, dropLargeDatabase, LARGE, openLargeServer } from './large-db';
import { loadFinancedUnits } from './seed-financed-units';
import { loadProvisions } from './seed-provisions';
import { random } from '@planpiso/domain/test-support/fixtures';

/** Client numbers beyond the CRM simulator's (10001–10007), like the CRM's numeroCliente. */
const FIRST_CLIENT_NUMBER = 20_001;

const FIRST_NAMES = [
  'José',
  'María',
  'Juan',
  'Guadalupe',
  'Luis',
  'Ana',
  'Carlos',
  'Laura',
  'Miguel',
  'Sofía',
  'Jorge',
  'Patricia',
  'Ricardo',
  'Fernanda',
  'Alejandro',
  'Daniela',
  'Héctor',
  'Gabriela',
  'Raúl',
  'Verónica',
];
const LAST_NAMES = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Rodríguez',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Torres',
  'Díaz',
  'Gutiérrez',
  'Ruiz',
];
const CITIES = [
  'Monterrey',
  'Guadalajara',
  'Puebla',
  'Querétaro',
  'León',
  'Mérida',
  'Saltillo',
  'Toluca',
  'Chihuahua',
  'Hermosillo',
  'Culiacán',
  'Aguascalientes',
  'Morelia',
  'Veracruz',
  'Tijuana',
];
const BRANDS = ['Autos', 'Camiones', 'Motores', 'Vehículos', 'Automotriz'];

// A fixed-seed generator (the tests' mulberry32): the same data set on every machine.
const rnd = random(15);
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
const NOW = Date.now();
const DAY = 86_400_000;
const daysAgo = (maxDays: number) => new Date(NOW - Math.floor(rnd() * maxDays * DAY)).toISOString();

type Cell = string | number | boolean | null;
/** One line of COPY's text format; generated values hold no tab, newline or backslash. */
const line = (cells: Cell[]) => cells.map((c) => (c === null ? '\\N' : String(c))).join('\t') + '\n';

/** COPY `rows` into `table (columns)`; returns the ids the rows were given, in order (identity columns). */
async function copy(
  client: pg.Client,
  table: string,
  columns: string[],
  rows: Iterable<Cell[]>,
  { returningIds = true } = {},
): Promise<number[]> {
  const before = returningIds
    ? (await client.query<{ n: number }>(`select coalesce(max(id), 0)::int as n from ${table}`)).rows[0]!.n
    : 0;
  function* chunks() {
    let buffer = '';
    let n = 0;
    for (const row of rows) {
      buffer += line(row);
      if (++n % 2000 === 0) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
  }
  await pipeline(Readable.from(chunks()), client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)));
  if (!returningIds) return [];
  // One session's COPY takes identity values in stream order, so the new ids sorted are the rows in order.
  const { rows: ids } = await client.query<{ id: number }>(`select id from ${table} where id > $1 order by id`, [
    before,
  ]);
  return ids.map((r) => r.id);
}

async function demoIds(client: pg.Client) {
  const { rows } = await client.query<{ id: number; email: string; type: number; role_id: number }>(
    'select id, email, type, role_id from users where email = any($1)',
    [DEMO_USERS.map((u) => u.email)],
  );
  const byType = new Map(rows.map((r) => [r.type, r]));
  const get = (type: number) => byType.get(type) ?? failMissing(type);
  return { superUser: get(1), admin: get(2), operator: get(3), representative: get(4), agent: get(5) };
}
const failMissing = (type: number): never => {
  throw new Error(`the demo user of type ${type} is missing after the demo seed`);
};

async function load(url: string): Promise<Record<string, number>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const client = new pg.Client({ connectionString: url, application_name: 'planpiso-seed-large' });
  await client.connect();
  const counts: Record<string, number> = {};
  try {
    await client.query('set synchronous_commit = off');
    await client.query('begin');
    const demo = await demoIds(client);
    const userCount = (await client.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n;

    // Accounts, two companies each, two branches each.
    const accountIds = await copy(
      client,
      'accounts',
      ['name', 'email', 'type', 'register_by', 'created_at'],
      (function* () {
        for (let i = 1; i <= LARGE.accounts; i++) {
          const city = CITIES[i % CITIES.length]!;
          yield [
            `Grupo Automotriz ${city} ${i}`,
            `contacto${i}@grupo${i}.mx`,
            (i % 2) + 1,
            demo.superUser.id,
            daysAgo(1000),
          ];
        }
      })(),
    );
    const companyAccount: number[] = [];
    const companyIds = await copy(
      client,
      'companies',
      ['account_id', 'name', 'legal_name', 'client_id', 'register_by', 'created_at'],
      (function* () {
        let n = 0;
        for (const [a, accountId] of accountIds.entries()) {
          for (let c = 0; c < LARGE.companiesPerAccount; c++, n++) {
            companyAccount.push(accountId);
            const name = `${BRANDS[(a + c) % BRANDS.length]} ${CITIES[a % CITIES.length]} ${n + 1}`;
            yield [
              accountId,
              name,
              `${name} S.A. de C.V.`,
              String(FIRST_CLIENT_NUMBER + n),
              demo.superUser.id,
              daysAgo(900),
            ];
          }
        }
      })(),
    );
    const branchCompany: number[] = [];
    const branchIds = await copy(
      client,
      'agencies',
      ['account_id', 'company_id', 'name', 'address', 'description', 'register_by', 'created_at'],
      (function* () {
        for (const [c, companyId] of companyIds.entries()) {
          for (let b = 1; b <= LARGE.branchesPerCompany; b++) {
            branchCompany.push(c);
            const city = pick(CITIES);
            yield [
              companyAccount[c]!,
              companyId,
              `Sucursal ${city} ${b}`,
              `Av. Juárez ${100 * b + c}, Centro, ${city}`,
              '',
              demo.operator.id,
              daysAgo(800),
            ];
          }
        }
      })(),
    );

    const person = () => {
      const firstname = pick(FIRST_NAMES);
      const lastname = `${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`;
      return { firstname, lastname };
    };
    const phone = () => String(8_100_000_000 + Math.floor(rnd() * 99_999_999));
    const userColumns = [
      'firstname',
      'lastname',
      'email',
      'phone',
      'type',
      'role_id',
      'account_id',
      'company_id',
      'agency_id',
      'register_by',
      'is_active',
      'created_at',
    ];
    let serial = 0;
    const email = (domain: string) => `usuario${++serial}@${domain}`;

    // The lender's staff (types 2, 3) and one legal representative (type 4) per company.
    const staffIds = await copy(
      client,
      'users',
      userColumns,
      (function* () {
        for (let i = 0; i < LARGE.admins; i++) {
          const p = person();
          yield [
            p.firstname,
            p.lastname,
            email('planpiso.mx'),
            phone(),
            2,
            demo.admin.role_id,
            null,
            null,
            null,
            demo.superUser.id,
            rnd() > 0.05,
            daysAgo(1000),
          ];
        }
        for (let i = 0; i < LARGE.operators; i++) {
          const p = person();
          yield [
            p.firstname,
            p.lastname,
            email('planpiso.mx'),
            phone(),
            3,
            demo.operator.role_id,
            null,
            null,
            null,
            demo.admin.id,
            rnd() > 0.05,
            daysAgo(1000),
          ];
        }
      })(),
    );
    const operatorIds = staffIds.slice(LARGE.admins);
    const operatorOf = (a: number) =>
      a % LARGE.demoOperatorEvery === 0 ? demo.operator.id : operatorIds[a % operatorIds.length]!;
    const accountIndex = new Map(accountIds.map((id, a) => [id, a]));
    const representativeIds = await copy(
      client,
      'users',
      userColumns,
      (function* () {
        for (const [c, companyId] of companyIds.entries()) {
          const p = person();
          const accountId = companyAccount[c]!;
          yield [
            p.firstname,
            p.lastname,
            email(`empresa${c + 1}.mx`),
            phone(),
            4,
            demo.representative.role_id,
            accountId,
            companyId,
            null,
            operatorOf(accountIndex.get(accountId)!),
            true,
            daysAgo(900),
          ];
        }
      })(),
    );

    // Roles: a page or more for each demo user who registers roles, and the ones each representative hands out.
    const roleIdsOfRepresentative = await (async () => {
      await copy(
        client,
        'roles',
        ['name', 'description', 'type', 'register_by', 'is_active'],
        (function* () {
          for (const [registrant, type] of [
            [demo.admin.id, 3],
            [demo.operator.id, 4],
            [demo.operator.id, 5],
            [demo.representative.id, 5],
          ] as const) {
            for (let i = 1; i <= 40; i++)
              yield [`Rol ${type}-${i} de ${registrant}`, 'Rol de carga', type, registrant, rnd() > 0.1];
          }
          for (const operatorId of operatorIds)
            yield [`Representante de zona ${operatorId}`, 'Rol de carga', 4, operatorId, true];
        })(),
        { returningIds: false },
      );
      return copy(
        client,
        'roles',
        ['name', 'description', 'type', 'register_by', 'is_active'],
        (function* () {
          for (const rep of representativeIds) yield [`Operador de agencia ${rep}`, 'Rol de carga', 5, rep, true];
        })(),
      );
    })();

    // The agency operators (type 5) fill up the 50,000 users, spread over the branches.
    const agents = LARGE.users - userCount - staffIds.length - representativeIds.length;
    const agentBranch: number[] = [];
    const agentIds = await copy(
      client,
      'users',
      userColumns,
      (function* () {
        for (let i = 0; i < agents; i++) {
          const b = i % branchIds.length;
          const c = branchCompany[b]!;
          agentBranch.push(b);
          const p = person();
          yield [
            p.firstname,
            p.lastname,
            email(`empresa${c + 1}.mx`),
            phone(),
            5,
            roleIdsOfRepresentative[c]!,
            companyAccount[c]!,
            companyIds[c]!,
            branchIds[b]!,
            representativeIds[c]!,
            rnd() > 0.03,
            daysAgo(700),
          ];
        }
      })(),
    );

    const newUsers = [...staffIds, ...representativeIds, ...agentIds];
    await copy(
      client,
      'credentials',
      ['user_id', 'password_hash'],
      newUsers.map((id) => [id, passwordHash]),
      { returningIds: false },
    );
    await copy(
      client,
      'user_companies',
      // An assignment names its account: the composite keys keep it inside the user's own (decision 024).
      ['user_id', 'company_id', 'role_id', 'is_default', 'account_id'],
      (function* () {
        for (const [c, rep] of representativeIds.entries())
          yield [rep, companyIds[c]!, demo.representative.role_id, true, companyAccount[c]!];
        for (const [i, agent] of agentIds.entries()) {
          const c = branchCompany[agentBranch[i]!]!;
          yield [agent, companyIds[c]!, roleIdsOfRepresentative[c]!, true, companyAccount[c]!];
        }
      })(),
      { returningIds: false },
    );
    await copy(
      client,
      'user_agencies',
      ['user_id', 'agency_id', 'account_id'],
      agentIds.map((agent, i) => [
        agent,
        branchIds[agentBranch[i]!]!,
        companyAccount[branchCompany[agentBranch[i]!]!]!,
      ]),
      { returningIds: false },
    );
    await copy(
      client,
      'account_operators',
      ['account_id', 'user_id'],
      accountIds.map((id, a) => [id, operatorOf(a)]),
      { returningIds: false },
    );

    // Notifications: 20,000 for the demo operator, a few hundred for each other demo user, the rest spread out.
    const MESSAGES: ((n: number) => [type: 1 | 2, message: string])[] = [
      (n) => [1, `La disposición ${n} fue autorizada.`],
      (n) => [1, `La disposición ${n} requiere documentación adicional.`],
      (n) => [2, `La excepción ${n} fue aprobada.`],
      (n) => [2, `La excepción ${n} fue rechazada.`],
    ];
    const notification = (userId: number, n: number): Cell[] => {
      const [type, message] = pick(MESSAGES)(n);
      return [userId, type, message, rnd() < 0.7, rnd() < 0.02 ? daysAgo(30) : null, daysAgo(730)];
    };
    await copy(
      client,
      'notifications',
      ['user_id', 'type', 'message', 'is_readed', 'deleted_at', 'created_at'],
      (function* () {
        let n = 0;
        for (let i = 0; i < LARGE.demoOperatorNotifications; i++) yield notification(demo.operator.id, ++n);
        for (const user of [demo.superUser, demo.admin, demo.representative, demo.agent]) {
          for (let i = 0; i < LARGE.otherDemoNotifications; i++) yield notification(user.id, ++n);
        }
        while (n < LARGE.notifications) yield notification(newUsers[Math.floor(rnd() * newUsers.length)]!, ++n);
      })(),
      { returningIds: false },
    );

    // Provisions and their units (issue 16, bench/seed-provisions.ts), with a generator of their own.
    const demoCompany = await client.query<{ company_id: number }>('select company_id from users where id = $1', [
      demo.agent.id,
    ]);
    const provisionsStarted = performance.now();
    await loadProvisions(client, copy, { demoCompanyId: demoCompany.rows[0]!.company_id, random: random(16) });
    console.log(`  (provisions and units loaded in ${((performance.now() - provisionsStarted) / 1000).toFixed(1)} s)`);
    // The financed-units register (issue 29): 200,000 released units derived from those units.
    const financedStarted = performance.now();
    await loadFinancedUnits(client);
    console.log(`  (financed units loaded in ${((performance.now() - financedStarted) / 1000).toFixed(1)} s)`);
    await client.query('commit');

    for (const table of [
      'accounts',
      'companies',
      'agencies',
      'users',
      'roles',
      'notifications',
      'provisions',
      'provision_units',
      'financed_units',
    ]) {
      counts[table] = (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
    }
    await client.query('vacuum analyze');
    return counts;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

const fresh = process.argv.includes('--fresh');
const started = performance.now();
const server = await openLargeServer();
let exitCode = 0;
try {
  if (fresh && (await databaseExists(server))) {
    console.log('--fresh: dropping the large database...');
    await dropLargeDatabase(server);
  }
  await createLargeDatabase(server);
  const existing = await countUsers(server.url);
  if (existing !== null && existing >= LARGE.users) {
    console.log(
      `The large data set exists (${existing.toLocaleString('en-US')} users); \`npm run seed:large -- --fresh\` rebuilds it.`,
    );
    // A data set seeded before the register (issue 29) gets its financed units now (migrations first).
    await runMigrations(server.url);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query('begin');
      const started = performance.now();
      const n = await loadFinancedUnits(client);
      await client.query('commit');
      await client.query('vacuum analyze financed_units');
      console.log(
        `  financed_units ${n.toLocaleString('en-US')} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    } finally {
      await client.end();
    }
  } else {
    if (existing !== null && existing > DEMO_USERS.length + 20) {
      throw new Error(
        `The large database holds ${existing} users, fewer than ${LARGE.users}: run with --fresh to rebuild it`,
      );
    }
    console.log('Migrating and seeding the demo data...');
    await runMigrations(server.url);
    const handle = createDb(server.url, { max: 2 });
    try {
      await seedDemo(handle.db);
    } finally {
      await handle.close();
    }
    console.log('Loading the large data set with COPY...');
    const counts = await load(server.url);
    for (const [table, n] of Object.entries(counts))
      console.log(`  ${table.padEnd(14)} ${n.toLocaleString('en-US').padStart(9)}`);
    console.log(`Large data set ready in ${((performance.now() - started) / 1000).toFixed(1)} s (target ≤ 120 s).`);
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
