// The provisions' rows of `npm run bench` (issue 16), called by run.ts:
//  - csv: a 5,000-row windows-1252 CSV parsed and checked in Chromium by the wizard's code (csv-parse.ts), ≤ 300 ms;
//  - create: POST /api/provisions with 1,000 units as the demo type 5 user, on the line of its company the CRM
//    simulator gives the most room (its disponible), ≤ 2 s per create, one warm-up then the median of three; each
//    created provision is deleted again, so the next run finds the same balance;
//  - list: GET /api/provisions p99 at 32 connections as types 3 and 5 with the 100,000 provisions of
//    `npm run seed:large` (bench/seed-provisions.ts), ≤ 50 ms.
// BENCH_ONLY may name `provisions` (all three) or `csv`, `create`, `provisions-list`.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { businessClock, FINANCED_UNIT_STATUS, Money, type UserType } from '@planpiso/domain';
import { NEW_VEHICLES } from '@planpiso/simulators/fixtures';
import { measureCsvParse, type CsvParseResult } from './csv-parse';
import { loadTest, type LoadResult } from './load';
import { median } from './menu-click';
import { LARGE_PROVISIONS } from './seed-provisions';
import { madeUpVin, VIN_SERIALS } from './vins';

export const PROVISION_TARGETS = { csvMs: 300, create1000Ms: 2000, listP99Ms: 50 } as const;
export const LIST_PATH = '/api/provisions?page=1&pageSize=10';
const CREATE_UNITS = 1_000;
const CREATE_RUNS = 3;

export type Session = { token: string; userId: number; email: string };
type Row = { metric: string; value: string; target: string; pass: boolean | null };

export type CreateResult = {
  units: number;
  creditLine: string;
  total: string;
  /** Wall time of each measured POST, from the request to the 201 (ms). */
  samplesMs: number[];
  medianMs: number;
  warmUpMs: number;
};

export type ProvisionsBench = {
  provisionsInDatabase: number | null;
  csv: CsvParseResult | null;
  create: CreateResult | null;
  lists: (LoadResult & { userType: UserType; email: string })[];
};

const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
export const wantsProvisions = (part: 'csv' | 'create' | 'provisions-list') =>
  !only || only.includes('provisions') || only.includes(part);

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'planpiso-bench' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const countProvisions = (url: string) =>
  withClient(url, async (client) => {
    const table = await client.query(`select to_regclass('public.provisions') as t`);
    if (!table.rows[0]?.t) return null;
    return (await client.query<{ n: number }>('select count(*)::int as n from provisions')).rows[0]!.n;
  });

/** The large data set must hold its provisions (seeded before issue 16 it has none): say how to get them. */
export function assertProvisionsLoaded(count: number | null) {
  if (count === null || count < LARGE_PROVISIONS.provisions) {
    throw new Error(
      `the large data set holds ${count ?? 0} provisions, not ${LARGE_PROVISIONS.provisions.toLocaleString('en-US')}: rebuild it with \`npm run seed:large -- --fresh\``,
    );
  }
}

/**
 * The operating window opened for the bench's creates (the figure is the work, not the clock: the bench may run
 * at night or on a holiday), restored afterwards. Only the large database, which belongs to the bench.
 */
export async function openOperatingWindow(client: pg.Client): Promise<() => Promise<void>> {
  const { rows } = await client.query<{ start_operation: string; end_operation: string }>(
    'select start_operation, end_operation from provision_settings where id = 1',
  );
  const today = businessClock(new Date()).day;
  const { rows: holidays } = await client.query<{ date: string; reason: string; register_by: number | null }>(
    `select to_char(date, 'YYYY-MM-DD') as date, reason, register_by from non_working_days where date = $1`,
    [today],
  );
  // An equal start and end puts no limit on the hours (domain checkOperatingWindow).
  await client.query(
    `insert into provision_settings (id, start_operation, end_operation) values (1, '00:00', '00:00')
     on conflict (id) do update set start_operation = '00:00', end_operation = '00:00'`,
  );
  await client.query('delete from non_working_days where date = $1', [today]);
  return async () => {
    const saved = rows[0];
    if (saved) {
      await client.query('update provision_settings set start_operation = $1, end_operation = $2 where id = 1', [
        saved.start_operation,
        saved.end_operation,
      ]);
    } else {
      await client.query('delete from provision_settings where id = 1');
    }
    for (const day of holidays) {
      await client.query('insert into non_working_days (date, reason, register_by) values ($1, $2, $3)', [
        day.date,
        day.reason,
        day.register_by,
      ]);
    }
  };
}

export type CreditLine = { lineaCredito: string; disponible: string; terms: number[] };

export async function api<T>(baseUrl: string, session: Session, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${session.token}`, ...(init.headers ?? {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * `count` units (1,000 by default) whose amounts differ by cents and add up to about half the line's room, exactly;
 * their VINs are the serials from `firstSerial` on (bench/vins.ts).
 */
export function unitsFor(available: Money, firstSerial: number, count = CREATE_UNITS) {
  const each = available.divideRounded(2 * count);
  const units = [];
  for (let i = 0; i < count; i++) {
    const vehicle = NEW_VEHICLES[i % NEW_VEHICLES.length]!;
    const amount = each.sub(Money.fromCents(i % 97));
    units.push({
      agency: 'Monterrey Centro',
      brandName: vehicle.marca.slice(0, 15),
      type: vehicle.tipo.slice(0, 8),
      model: vehicle.modelo,
      description: vehicle.descripcion.slice(0, 50),
      color: vehicle.colorExterior.slice(0, 35),
      insideColor: vehicle.colorInterior.slice(0, 70),
      vinNumber: madeUpVin(firstSerial + i),
      motorNumber: `${vehicle.motor.slice(0, 10)}${i}`,
      amount: amount.toDecimalString(),
    });
  }
  return { units, total: Money.sum(units.map((u) => Money.of(u.amount))) };
}

/**
 * Deletes what one create wrote (the units go with the provision), so the balance and the VINs are free again. A
 * sent provision's units carry validations (the job's verdicts, unit_validations): its units are locked first, so a
 * validation run still at work waits and then finds them gone, and their validations go too (the unit's deletion
 * would only null their unit_id and leave them in the validations report).
 */
export async function deleteProvision(client: pg.Client, id: number) {
  await client.query('begin');
  try {
    // The provision, then its units: the order the validation job takes them in (no deadlock with a run at work).
    await client.query('select id from provisions where id = $1 for update', [id]);
    await client.query('select id from provision_units where provision_id = $1 for update', [id]);
    await client.query(
      'delete from unit_validations where unit_id in (select id from provision_units where provision_id = $1)',
      [id],
    );
    // Whatever else a create writes that names the provision (audit rows, evidences...), found by its foreign keys.
    const { rows } = await client.query<{ table_name: string; column_name: string }>(
      `select cl.relname as table_name, a.attname as column_name
       from pg_constraint c
       join pg_class cl on cl.oid = c.conrelid
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.confrelid = 'provisions'::regclass and cl.relname <> 'provision_units'`,
    );
    for (const ref of rows) {
      await client.query(
        `delete from ${client.escapeIdentifier(ref.table_name)} where ${client.escapeIdentifier(ref.column_name)} = $1`,
        [id],
      );
    }
    await client.query('delete from provisions where id = $1', [id]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/**
 * Runs `work` (one create) while the company's units sold out of trust do not hold it, and puts them back afterwards.
 * The large data set gives the demo company units in Vencida sin liquidar (bench/seed-financed-units.ts), and the
 * server's pre-check (audits/eligibility.ts, issue 29 §2) refuses every create while the company has any: it counts
 * `financed_units` with `company_id = $company and status = 4`. For the create only, those rows move to Liquidada
 * (3), the status no job of the API reads (the control's passes read 1, 2 and 4), with their version bumped so a
 * move of the API that read them before stays out (its version check fails, the next pass retries); then exactly
 * those rows get back exactly their status and version. Nothing else is touched (no history, no audit row). A run
 * killed in between leaves them Liquidada without a paid_at, which no real payoff does: the next call puts those back
 * first. Only the large database, which belongs to the bench.
 */
export async function withoutSoldOutOfTrustHold<T>(
  client: pg.Client,
  companyId: number,
  work: () => Promise<T>,
): Promise<T> {
  const [held, lifted] = [FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST, FINANCED_UNIT_STATUS.PAID];
  await client.query(
    `update financed_units set status = $2, version = version - 1
     where company_id = $1 and status = $3 and paid_at is null and sold_out_of_trust_at is not null`,
    [companyId, held, lifted],
  );
  const { rows } = await client.query<{ id: number; version: number }>(
    `update financed_units set status = $3, version = version + 1 where company_id = $1 and status = $2
     returning id, version - 1 as version`,
    [companyId, held, lifted],
  );
  try {
    return await work();
  } finally {
    const restored = await client.query(
      `update financed_units f set status = $1, version = v.version
       from unnest($3::int[], $4::int[]) as v(id, version)
       where f.id = v.id and f.status = $2 and f.version = v.version + 1 and f.paid_at is null`,
      [held, lifted, rows.map((row) => row.id), rows.map((row) => row.version)],
    );
    if (restored.rowCount !== rows.length) {
      console.warn(
        `    ${rows.length - (restored.rowCount ?? 0)} of the company's ${rows.length} units sold out of trust changed during the create: left as they are`,
      );
    }
  }
}

/** Where the demo type 5 user's creates go: its company and branch, a legal representative, the line with most room. */
export type SaveTarget = { companyId: number; agencyId: number; legalId: number; line: CreditLine };

/** The save target of `session`'s creates, its line with room for `unitCount` units of 100 pesos at least. */
export async function saveTarget(
  client: pg.Client,
  baseUrl: string,
  session: Session,
  unitCount: number,
): Promise<SaveTarget> {
  const { rows } = await client.query<{ company_id: number; agency_id: number; client_id: string }>(
    `select u.company_id, u.agency_id, c.client_id from users u join companies c on c.id = u.company_id
     where u.id = $1`,
    [session.userId],
  );
  const place = rows[0];
  if (!place?.agency_id) throw new Error(`${session.email} has no company and branch`);
  const legal = await client.query<{ id: number }>(
    `select u.id from user_companies uc join users u on u.id = uc.user_id
     where uc.company_id = $1 and u.type = 4 and u.is_active order by u.id limit 1`,
    [place.company_id],
  );
  if (!legal.rows[0]) throw new Error('the company has no legal representative');
  const lines = await api<{ data: CreditLine[] }>(
    baseUrl,
    session,
    `/api/external/clients/${place.client_id}/credit-lines`,
  );
  const line = [...lines.data].sort((a, b) => Money.of(b.disponible).compare(Money.of(a.disponible)))[0];
  if (!line || !Money.of(line.disponible).greaterThan(Money.fromCents(unitCount * 100_00))) {
    throw new Error(`no credit line of client ${place.client_id} has room for ${unitCount} units`);
  }
  return { companyId: place.company_id, agencyId: place.agency_id, legalId: legal.rows[0].id, line };
}

/** The JSON body of a save (POST /api/provisions or /create-send) of `units` on `target`'s line, at its longest term. */
export const saveBody = (target: SaveTarget, units: ReturnType<typeof unitsFor>) =>
  JSON.stringify({
    companyId: target.companyId,
    agencyId: target.agencyId,
    legalId: target.legalId,
    description: `Bench: ${units.units.length} unidades`,
    creditLine: target.line.lineaCredito,
    deadlines: Math.max(...target.line.terms),
    includeAll: true,
    evidences: [],
    units: units.units,
    total: units.total.toDecimalString(),
  });

export async function measureCreate(baseUrl: string, databaseUrl: string, session: Session): Promise<CreateResult> {
  return withClient(databaseUrl, async (client) => {
    const restore = await openOperatingWindow(client);
    try {
      const target = await saveTarget(client, baseUrl, session, CREATE_UNITS);
      const { line } = target;
      // A block of VIN serials of its own per run, so a run that died before its clean-up does not refuse the next.
      const firstBlock = (Math.floor(Date.now() / 1000) % 700) * 4;
      const create = async (block: number) => {
        const drawn = unitsFor(Money.of(line.disponible), VIN_SERIALS.bench + block * CREATE_UNITS);
        const { total } = drawn;
        const body = saveBody(target, drawn);
        // The hold lifted outside the timing: the figure is the POST alone.
        const { answer, elapsed } = await withoutSoldOutOfTrustHold(client, target.companyId, async () => {
          const started = performance.now();
          const answer = await api<{ data: { id: number; folio: string; status: number } }>(
            baseUrl,
            session,
            '/api/provisions',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
              body,
            },
          );
          return { answer, elapsed: performance.now() - started };
        });
        try {
          // A fast answer only counts if it wrote what was sent: every unit, the total to the cent.
          const written = await client.query<{ n: number; total: string; sum: string }>(
            `select count(u.id)::int as n, p.total::text as total, sum(u.amount)::text as sum
             from provisions p left join provision_units u on u.provision_id = p.id where p.id = $1 group by p.id`,
            [answer.data.id],
          );
          const row = written.rows[0];
          if (
            !row ||
            row.n !== CREATE_UNITS ||
            !Money.of(row.total).equals(total) ||
            !Money.of(row.sum).equals(total)
          ) {
            throw new Error(`the create wrote ${JSON.stringify(row)}, not ${CREATE_UNITS} units for ${total}`);
          }
        } finally {
          await deleteProvision(client, answer.data.id);
        }
        return { elapsed, total };
      };
      const warmUp = await create(firstBlock);
      const samplesMs: number[] = [];
      let total = warmUp.total;
      for (let run = 1; run <= CREATE_RUNS; run++) {
        const result = await create(firstBlock + run);
        samplesMs.push(result.elapsed);
        total = result.total;
      }
      return {
        units: CREATE_UNITS,
        creditLine: line.lineaCredito,
        total: total.toDecimalString(),
        samplesMs,
        medianMs: median(samplesMs),
        warmUpMs: warmUp.elapsed,
      };
    } finally {
      await restore();
    }
  });
}

/** GET /api/provisions page 1 under load, as each of `types`. */
export async function measureList(
  baseUrl: string,
  sessions: Map<UserType, Session>,
  types: UserType[] = [3, 5],
  serverPid?: number,
): Promise<ProvisionsBench['lists']> {
  const results: ProvisionsBench['lists'] = [];
  for (const type of types) {
    const session = sessions.get(type)!;
    const headers = { authorization: `Bearer ${session.token}` };
    const check = await fetch(`${baseUrl}${LIST_PATH}`, { headers });
    const body = (await check.json()) as { data?: { total?: number; items?: unknown[] } };
    if (!check.ok) throw new Error(`GET ${LIST_PATH} as type ${type}: ${check.status} ${JSON.stringify(body)}`);
    const result = await loadTest(`${baseUrl}${LIST_PATH}`, { headers, serverPid });
    results.push({ ...result, userType: type, email: session.email });
  }
  return results;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** The table's rows for what was measured. */
export function provisionRows(bench: ProvisionsBench): Row[] {
  const rows: Row[] = [];
  if (bench.csv) {
    const { csv } = bench;
    rows.push({
      metric: `CSV ${csv.rows.toLocaleString('en-US')} rows parse + check (Chromium, median)`,
      value: `${fmt(csv.medianMs)} ms (${fmt(csv.bytes / 1024, 0)} KiB windows-1252)`,
      target: `≤ ${PROVISION_TARGETS.csvMs} ms`,
      pass: csv.medianMs <= PROVISION_TARGETS.csvMs,
    });
    rows.push({
      metric: 'CSV same, in 250-row chunks with paints (wizard)',
      value: `${fmt(csv.chunkedMedianMs)} ms`,
      target: '',
      pass: null,
    });
  }
  if (bench.create) {
    const { create } = bench;
    rows.push({
      metric: `POST /api/provisions ${create.units.toLocaleString('en-US')} units (type 5, median of ${create.samplesMs.length})`,
      value: `${fmt(create.medianMs, 0)} ms (runs ${create.samplesMs.map((ms) => fmt(ms, 0)).join(', ')})`,
      target: `≤ ${PROVISION_TARGETS.create1000Ms} ms`,
      pass: create.medianMs <= PROVISION_TARGETS.create1000Ms,
    });
  }
  for (const r of bench.lists) {
    const ok = r.non2xx === 0 && r.errors === 0 && r.requests > 0;
    rows.push({
      metric: `GET /api/provisions p99 (type ${r.userType}), ${r.connections} connections`,
      value: ok
        ? `${fmt(r.p99Ms)} ms (${fmt(r.requestsPerSecond, 0)} req/s, p50 ${fmt(r.p50Ms)} ms` +
          (r.cpuMsPerRequest === null ? ')' : `, ${fmt(r.cpuMsPerRequest, 2)} ms CPU/req)`)
        : `${r.requests} answered, ${r.non2xx} non-2xx, ${r.errors} errors`,
      target: `≤ ${PROVISION_TARGETS.listP99Ms} ms`,
      pass: ok && r.p99Ms <= PROVISION_TARGETS.listP99Ms,
    });
  }
  return rows;
}

/** Everything above in the harness's order; `step` is run.ts's (it records a failure as a problem and goes on). */
export async function runProvisionsBench({
  baseUrl,
  databaseUrl,
  sessions,
  step,
  serverPid,
}: {
  baseUrl: string;
  databaseUrl: string;
  /** The API's process, for the CPU ms per request beside the list's figures. */
  serverPid?: number;
  sessions: Map<UserType, Session>;
  step: <T>(name: string, work: () => Promise<T>) => Promise<T | undefined>;
}): Promise<ProvisionsBench> {
  const bench: ProvisionsBench = { provisionsInDatabase: null, csv: null, create: null, lists: [] };
  if (wantsProvisions('csv')) bench.csv = (await step('CSV of 5,000 rows in Chromium', measureCsvParse)) ?? null;
  if (wantsProvisions('create')) {
    bench.create =
      (await step(`POST /api/provisions with ${CREATE_UNITS} units as type 5`, () =>
        measureCreate(baseUrl, databaseUrl, sessions.get(5)!),
      )) ?? null;
  }
  if (wantsProvisions('provisions-list')) {
    bench.lists =
      (await step(`GET ${LIST_PATH} as types 3 and 5`, async () => {
        bench.provisionsInDatabase = await countProvisions(databaseUrl);
        assertProvisionsLoaded(bench.provisionsInDatabase);
        return measureList(baseUrl, sessions, [3, 5], serverPid);
      })) ?? [];
  }
  return bench;
}
