// The large data set's provisions (issue 16), loaded by bench/seed-large.ts inside its transaction, after the
// companies, branches and users: 100,000 provisions over two years, 1–10 units each (about 550,000, every VIN
// unique with a right check digit, bench/vins.ts), with COPY like the rest. It reads what it builds on (companies,
// their representative, their active agency operators) from the database, so it needs nothing else from the loader.
//
// What the bench's lists meet:
//  - the demo company Autos del Norte (the demo type 5 user's) is a heavy dealer: LARGE_PROVISIONS.demoCompany of
//    them, registered by a handful of its operators, the demo user among them. They draw on lines the CRM simulator
//    does not serve (LC-10001-2x, closed lines), so the reserved amount of its live lines — what the bench's
//    1,000-unit create checks against the simulator's montoRestante — is the demo seed's alone;
//  - every other company has 3–6 operators and its own LC-<client>-01 (Nuevos) and -02 (Seminuevos);
//  - statuses follow age: the last days hold drafts (1), sent (2) and the lender's steps (3–7), the last weeks
//    authorised (8), older ones released (10) with some rejected (9), cancelled (11) and forgotten drafts (1).
import type pg from 'pg';
import { LINE_TYPES, VEHICLES, type VehicleFixture } from '@planpiso/simulators/fixtures';
import { Money } from '@planpiso/domain';
import { madeUpVin, VIN_SERIALS } from './vins';

export const LARGE_PROVISIONS = {
  provisions: 100_000,
  /** Provisions of the demo company (the demo type 5 user's list), out of the 100,000. */
  demoCompany: 5_000,
  maxUnits: 10,
  days: 730,
} as const;

type Cell = string | number | boolean | null;
export type CopyRows = (
  client: pg.Client,
  table: string,
  columns: string[],
  rows: Iterable<Cell[]>,
  options?: { returningIds?: boolean },
) => Promise<number[]>;

type Company = {
  id: number;
  accountId: number;
  clientId: string;
  legalId: number | null;
  operators: { id: number; agencyId: number; branch: string }[];
};

const DAY = 86_400_000;
const DESCRIPTIONS = [
  'Inventario de piso',
  'Reposición de unidades vendidas',
  'Unidades para exhibición',
  'Pedido mensual de planta',
  'Unidades de temporada',
  '',
];
const NEW_UNITS = VEHICLES.filter((v) => v.condicion === 'nuevo');
const USED_UNITS = VEHICLES.filter((v) => v.condicion === 'seminuevo');
const cut = (text: string, max: number) => text.slice(0, max);
const iso = (ms: number) => new Date(ms).toISOString();

/** The status of a provision created `days` ago: recent ones still on their way, old ones finished. */
function statusFor(days: number, r: number): number {
  if (days < 3) return r < 0.3 ? 1 : r < 0.55 ? 2 : r < 0.8 ? 3 : r < 0.9 ? 4 : 11;
  if (days < 15)
    return r < 0.05 ? 2 : r < 0.25 ? 3 : r < 0.4 ? 4 : r < 0.55 ? 5 : r < 0.7 ? 6 : r < 0.85 ? 7 : r < 0.9 ? 9 : 11;
  if (days < 45) return r < 0.1 ? 7 : r < 0.5 ? 8 : r < 0.85 ? 10 : r < 0.9 ? 9 : 11;
  return r < 0.02 ? 1 : r < 0.87 ? 10 : r < 0.92 ? 9 : 11;
}

/** The lender's verdict on a unit of a provision at `status` (0 pending, 1 correct, 2 incorrect, 3 adjust). */
function unitReview(status: number, r: number): number {
  if (status <= 2) return 0;
  if (status === 3) return r < 0.6 ? 0 : r < 0.9 ? 1 : r < 0.95 ? 2 : 3;
  if (status === 9) return r < 0.5 ? 2 : 1;
  return 1;
}

async function readCompanies(client: pg.Client, demoCompanyId: number): Promise<Company[]> {
  const { rows: companies } = await client.query<{ id: number; account_id: number; client_id: string }>(
    'select id, account_id, client_id from companies order by id',
  );
  const { rows: legal } = await client.query<{ id: number; company_id: number }>(
    'select distinct on (company_id) id, company_id from users where type = 4 and company_id is not null order by company_id, id',
  );
  const { rows: agents } = await client.query<{ id: number; company_id: number; agency_id: number; name: string }>(
    `select u.id, u.company_id, u.agency_id, a.name from users u join agencies a on a.id = u.agency_id
     where u.type = 5 and u.is_active and u.company_id is not null order by u.id`,
  );
  const legalOf = new Map(legal.map((r) => [r.company_id, r.id]));
  const agentsOf = new Map<number, typeof agents>();
  for (const agent of agents) agentsOf.set(agent.company_id, [...(agentsOf.get(agent.company_id) ?? []), agent]);
  return companies
    .map((c) => {
      const own = agentsOf.get(c.id) ?? [];
      // Several operators per company (3–6 of its agency users); the demo company's all of them.
      const count = c.id === demoCompanyId ? own.length : 3 + (c.id % 4);
      return {
        id: c.id,
        accountId: c.account_id,
        clientId: c.client_id,
        legalId: legalOf.get(c.id) ?? null,
        operators: own.slice(0, count).map((a) => ({
          id: a.id,
          agencyId: a.agency_id,
          branch: cut(a.name.replace(/^Sucursal /, ''), 20),
        })),
      };
    })
    .filter((c) => c.operators.length > 0);
}

/**
 * Runs `work` (a bulk load of `tables`) with their secondary indexes and foreign keys taken off, then puts them back
 * as they were (pg_get_indexdef, pg_get_constraintdef): one sort per index and one join per key instead of a
 * lookup and an index insertion per row — the load takes a third of the time. Inside the loader's transaction, so
 * nobody sees the tables without them, and a failure rolls the drop back too.
 */
async function withoutSecondaryStructures(client: pg.Client, tables: string[], work: () => Promise<void>) {
  const { rows: keys } = await client.query<{ table_name: string; name: string; definition: string }>(
    `select c.conrelid::regclass::text as table_name, c.conname as name, pg_get_constraintdef(c.oid) as definition
     from pg_constraint c where c.contype = 'f' and c.conrelid::regclass::text = any($1)`,
    [tables],
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i where i.indrelid::regclass::text = any($1) and not i.indisprimary
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const key of keys) await client.query(`alter table ${key.table_name} drop constraint ${key.name}`);
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  await work();
  for (const index of indexes) await client.query(index.definition);
  for (const key of keys)
    await client.query(`alter table ${key.table_name} add constraint ${key.name} ${key.definition}`);
}

/**
 * Loads the provisions and their units; `demoCompanyId` is the demo type 5 user's company. Returns the counts.
 * `random` is the loader's fixed-seed generator, so the data set is the same on every machine.
 */
export async function loadProvisions(
  client: pg.Client,
  copy: CopyRows,
  { demoCompanyId, random, now = Date.now() }: { demoCompanyId: number; random: () => number; now?: number },
): Promise<{ provisions: number; units: number }> {
  const companies = await readCompanies(client, demoCompanyId);
  const demo = companies.find((c) => c.id === demoCompanyId);
  const others = companies.filter((c) => c.id !== demoCompanyId);
  if (!demo || others.length === 0) throw new Error('loadProvisions: the companies and their operators come first');
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  type Planned = {
    units: { cents: number; vehicle: VehicleFixture; review: number }[];
    createdAt: number;
    status: number;
    branch: string;
  };
  const planned: Planned[] = [];
  const provisionRows = function* (): Generator<Cell[]> {
    for (let i = 0; i < LARGE_PROVISIONS.provisions; i++) {
      const company = i % (LARGE_PROVISIONS.provisions / LARGE_PROVISIONS.demoCompany) === 0 ? demo : pick(others);
      const operator = pick(company.operators);
      const seminuevos = random() < 0.35;
      const line =
        company === demo
          ? `LC-${company.clientId}-${seminuevos ? 22 : 21}`
          : `LC-${company.clientId}-${seminuevos ? '02' : '01'}`;
      const days = random() * LARGE_PROVISIONS.days;
      const createdAt = now - Math.floor(days * DAY);
      const status = statusFor(days, random());
      const count = 1 + Math.floor(random() * LARGE_PROVISIONS.maxUnits);
      const units: Planned['units'] = [];
      for (let u = 0; u < count; u++) {
        const vehicle = pick(seminuevos ? USED_UNITS : NEW_UNITS);
        // The invoice value ±10 %, to the cent.
        const cents = Math.round(vehicle.valorFactura * 100 * (0.9 + random() * 0.2));
        units.push({ cents, vehicle, review: unitReview(status, random()) });
      }
      planned.push({ units, createdAt, status, branch: operator.branch });
      const total = Money.sum(units.map((u) => Money.fromCents(u.cents)));
      const manual = random() < 0.03;
      const approved = status === 8 || status === 10 ? iso(Math.min(now, createdAt + 3 * DAY)).slice(0, 10) : null;
      yield [
        status,
        company.accountId,
        company.id,
        operator.agencyId,
        company.legalId,
        line,
        seminuevos ? LINE_TYPES.seminuevos : LINE_TYPES.nuevos,
        pick(seminuevos ? [1, 2, 3] : [1, 2, 3, 6]),
        pick(DESCRIPTIONS),
        random() < 0.3,
        total.toDecimalString(),
        approved,
        operator.id,
        manual ? String(700_000 + i) : null,
        manual,
        Math.min(status, 8),
        iso(createdAt),
        iso(Math.min(now, createdAt + Math.floor(random() * 5 * DAY))),
      ];
    }
  };
  let provisionIds: number[] = [];
  let serial = VIN_SERIALS.seed;
  await withoutSecondaryStructures(client, ['provisions', 'provision_units'], async () => {
    provisionIds = await copy(
      client,
      'provisions',
      [
        'status',
        'account_id',
        'company_id',
        'agency_id',
        'legal_id',
        'credit_line',
        'type_line',
        'deadlines',
        'description',
        'include_all',
        'total',
        'approved_date',
        'register_by',
        'manual_folio',
        'use_manual_folio',
        'version',
        'created_at',
        'updated_at',
      ],
      provisionRows(),
    );

    const unitRows = function* (): Generator<Cell[]> {
      for (const [p, plan] of planned.entries()) {
        const provisionId = provisionIds[p]!;
        const createdAt = iso(plan.createdAt);
        // The periodic checks ran once the lender had it (status 3 on); the review flag from status 4 on.
        const checked = plan.status >= 3 && plan.status !== 11 ? true : null;
        const reviewAf = plan.status >= 4 && plan.status !== 11;
        for (const unit of plan.units) {
          const n = serial++;
          const v = unit.vehicle;
          yield [
            provisionId,
            madeUpVin(n),
            plan.branch,
            cut(v.marca, 15),
            cut(v.tipo, 8),
            cut(v.modelo, 4),
            cut(v.descripcion, 50),
            cut(v.colorExterior, 35),
            cut(v.colorInterior, 70),
            cut(`${v.motor.slice(0, 6)}${n}`, 25),
            Money.fromCents(unit.cents).toDecimalString(),
            unit.review,
            reviewAf,
            checked,
            checked,
            checked,
            checked,
            createdAt,
          ];
        }
      }
    };
    await copy(
      client,
      'provision_units',
      [
        'provision_id',
        'vin_number',
        'agency',
        'brand_name',
        'type',
        'model',
        'description',
        'color',
        'inside_color',
        'motor_number',
        'amount',
        'status',
        'review_af',
        'valid_invoice',
        'valid_repuve',
        'valid_transunion',
        'valid_ax',
        'created_at',
      ],
      unitRows(),
      { returningIds: false },
    );
  });
  return { provisions: provisionIds.length, units: serial - VIN_SERIALS.seed };
}
