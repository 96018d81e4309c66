// The financed-units register at scale (issue 29, "Scale"): 200,000 financed units for `npm run seed:large`, one per
// provision unit of the large data set (bench/seed-provisions.ts loads ~550,000), each with the 'released' insertion
// a Liberar writes. Spread over the companies (the units' own), over 540 days of release dates, over the statuses
// (about 70 % Vigente, 8 % Vendida, 17 % Liquidada, 5 % Vencida sin liquidar) and over the terms of their provisions.
// Two statements of INSERT … SELECT inside the loader's transaction: the rows are derived from the units already
// there, deterministically (a hash of the unit's id), so no client-side generation is needed.
import type pg from 'pg';

export const LARGE_FINANCED_UNITS = 200_000;

/**
 * Loads the financed units (and their insertions) when fewer than LARGE_FINANCED_UNITS exist, and dates the sales
 * still running to the day of the seed (`dateRunningSales`); returns the count.
 */
export async function loadFinancedUnits(client: pg.Client): Promise<number> {
  const existing = (await client.query<{ n: number }>('select count(*)::int as n from financed_units')).rows[0]!.n;
  if (existing < LARGE_FINANCED_UNITS) await insertFinancedUnits(client, LARGE_FINANCED_UNITS - existing);
  await dateRunningSales(client);
  return (await client.query<{ n: number }>('select count(*)::int as n from financed_units')).rows[0]!.n;
}

/**
 * The units Vendida (por liquidar) were sold in the ten days before the seed (or its re-run), so each one's grace is
 * still running, as in a lender's steady state. Dated from their release instead, every one of them was past its
 * grace a few days after the seed, and the control's first pass after a pause (every bench run's API) moved 15,000
 * units to Vencida sin liquidar with their notices while the lists were being measured.
 * The statement re-dates them only once a day (its WHERE): a re-run on the same day changes nothing.
 */
async function dateRunningSales(client: pg.Client): Promise<void> {
  // A unit whose "grace ends soon" day has come (3 business days before its due date: within 5 calendar days) was
  // reminded by an earlier pass, as a day's passes would have done.
  await client.query(`update financed_units set
      sold_at = sold.day, payoff_due_date = sold.day + 14, updated_at = now(),
      reminder_sent_at = case when sold.day + 14 <= current_date + 5 then now() end
    from (select id, greatest(released_on, current_date - abs(hashint4(id)) % 10) as day
      from financed_units where status = 2) as sold
    where financed_units.id = sold.id and (financed_units.payoff_due_date is distinct from sold.day + 14
      or (financed_units.reminder_sent_at is null) = (sold.day + 14 <= current_date + 5))`);
}

async function insertFinancedUnits(client: pg.Client, wanted: number): Promise<void> {
  await client.query(
    `create temporary table seed_units on commit drop as
       select pu.id from provision_units pu
       where not exists (select 1 from financed_units fu where fu.provision_unit_id = pu.id)
         and not exists (select 1 from crm_insertions ci where ci.unit_id = pu.id)
       order by pu.id limit $1`,
    [wanted],
  );
  await client.query(`insert into crm_insertions (unit_id, provision_id, status)
    select pu.id, pu.provision_id, 'released' from seed_units s join provision_units pu on pu.id = s.id`);
  await client.query(`
    insert into financed_units (provision_unit_id, provision_id, crm_insertion_id, account_id, company_id, agency_id,
      folio, credit_line, vin, brand, model, description, amount, credit_number, released_on, term, ends_on, status,
      sold_at, payoff_due_date, paid_at, sold_out_of_trust_at)
    select pu.id, p.id, ci.id, p.account_id, p.company_id, p.agency_id, p.folio, p.credit_line, pu.vin_number,
      pu.brand_name, pu.model, pu.description, pu.amount,
      case when h.status <> 1 or h.h % 3 = 0 then 'CR-' || pu.id end,
      h.released_on, h.term, (h.released_on + make_interval(months => h.term))::date, h.status,
      case when h.status in (2, 4) or (h.status = 3 and h.h % 2 = 0) then h.released_on + (h.h % 20) end,
      case when h.status in (2, 4) then h.released_on + (h.h % 20) + 14 end,
      case when h.status = 3 then h.released_on + (h.h % 60) end,
      case when h.status = 4 then now() end
    from seed_units s
    join provision_units pu on pu.id = s.id
    join provisions p on p.id = pu.provision_id
    join crm_insertions ci on ci.unit_id = pu.id and ci.refinancing_unit_id is null and ci.status = 'released'
    cross join lateral (
      select abs(hashint4(pu.id)) as h,
        (current_date - abs(hashint4(pu.id * 31)) % 540)::date as released_on,
        coalesce(nullif(p.deadlines, 0), (array[1, 2, 3, 6])[1 + abs(hashint4(pu.id * 7)) % 4]) as term,
        case when abs(hashint4(pu.id * 13)) % 100 < 70 then 1
          when abs(hashint4(pu.id * 13)) % 100 < 78 then 2
          when abs(hashint4(pu.id * 13)) % 100 < 95 then 3 else 4 end as status
    ) h`);
}
