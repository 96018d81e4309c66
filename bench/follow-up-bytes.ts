// Issue 31's follow-up row of `npm run bench` (BENCH_ONLY=followup), called by run.ts: the JSON the provision
// follow-up page (/vizualizar-disposicion/{id}) reads for its first screen, at 5,000 units, ≤ 100 KB.
//  - One provision of 5,000 units, created and sent at once (POST /api/provisions/create-send) as the demo type 5
//    user on the line of its company with the most room, as bench/provisions.ts creates its 1,000 units: sent, the
//    validation job writes its units' verdicts, the history the issue measured (3.1 MB, 15,000 entries). The part
//    waits until the history fills the first page (50 entries) or FOLLOW_UP_HISTORY_WAIT_MS has passed.
//  - Then, as that user, the bytes of each body as sent without compression (accept-encoding: identity):
//    now, the page's four reads: the detail without its units, the units' first page of 10, the history's first page
//    of 50 and the signed documents; before (the page until issue 31): the whole detail with every unit instead of
//    the first two, beside the same history page and signed documents.
//  - The provision is deleted again (bench/provisions.ts deleteProvision), so the next run finds the same balance.
import { randomUUID } from 'node:crypto';
import { Money } from '@planpiso/domain';
import {
  api,
  deleteProvision,
  openOperatingWindow,
  saveBody,
  saveTarget,
  unitsFor,
  withClient,
  withoutSoldOutOfTrustHold,
  type Session,
} from './provisions';
import { VIN_SERIALS } from './vins';

export const FOLLOW_UP_UNITS = 5_000;
/** Issue 31: "first screen ≤ 100 KB of JSON at 5,000 units" (bytes, 1 KB = 1,000). */
export const FOLLOW_UP_TARGET_BYTES = 100_000;
/** The follow-up page's history page (TIMELINE_PAGE_SIZE) and units page (the table's first window). */
const HISTORY_PAGE_SIZE = 50;
const UNITS_PAGE_SIZE = 10;
/** How long the part waits for the validation job to write the first page of history. */
const FOLLOW_UP_HISTORY_WAIT_MS = 60_000;

type Row = { metric: string; value: string; target: string; pass: boolean | null };

/** One GET as the page sends it: its path and the body's bytes as sent. */
export type BodyBytes = { path: string; bytes: number; contentEncoding: string };

export type FollowUpBytes = {
  units: number;
  provisionId: number;
  folio: string;
  /** The provision's status when measured (2 while the validation works, 3 once every unit has its verdicts). */
  status: number;
  /** The history's entries when measured (GET /api/provisions/{id}/timeline/page's total). */
  historyEntries: number;
  /** The page's first screen now: detail without units, units page 1, history page 1, signed documents. */
  now: BodyBytes[];
  /** Before issue 31: the whole detail, history page 1, signed documents. */
  before: BodyBytes[];
  nowBytes: number;
  beforeBytes: number;
};

/** GET `path` as `session`, uncompressed: the body's bytes, and the JSON they hold. */
async function getBytes(baseUrl: string, session: Session, path: string): Promise<BodyBytes & { json: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${session.token}`, 'accept-encoding': 'identity' },
  });
  const body = await response.arrayBuffer();
  const text = new TextDecoder().decode(body);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 300)}`);
  return {
    path,
    bytes: body.byteLength,
    contentEncoding: response.headers.get('content-encoding') ?? 'identity',
    json: JSON.parse(text) as unknown,
  };
}

type Detail = { data: { status: number; units: unknown[] } };
type Page = { data: { items: unknown[]; total: number } };

/** Waits until the history holds a full first page (the validation job at work) or the wait is over. */
async function waitForHistory(baseUrl: string, session: Session, id: number): Promise<number> {
  const path = `/api/provisions/${id}/timeline/page?page=1&pageSize=10`;
  const deadline = performance.now() + FOLLOW_UP_HISTORY_WAIT_MS;
  // BENCH_JOBS=off: no validation job, the history stays at its one entry.
  const jobs = process.env.BENCH_JOBS !== 'off';
  for (;;) {
    const { total } = (await api<Page>(baseUrl, session, path)).data;
    if (!jobs || total >= HISTORY_PAGE_SIZE) return total;
    if (performance.now() >= deadline) {
      console.warn(
        `    the history has ${total} entries after ${FOLLOW_UP_HISTORY_WAIT_MS / 1000} s: measured as it is`,
      );
      return total;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Creates and sends the 5,000-unit provision, measures the follow-up page's first screen, deletes it again. */
export async function measureFollowUpBytes(
  baseUrl: string,
  databaseUrl: string,
  session: Session,
): Promise<FollowUpBytes> {
  return withClient(databaseUrl, async (client) => {
    let created: { id: number; folio: string } | undefined;
    // The window is needed by the save only: restored once it answered (or in the end, when it failed).
    const restoreWindow = await openOperatingWindow(client);
    let restored = false;
    const restore = async () => {
      if (restored) return;
      restored = true;
      await restoreWindow();
    };
    try {
      const target = await saveTarget(client, baseUrl, session, FOLLOW_UP_UNITS);
      // A block of VIN serials of its own per run, so a run that died before its clean-up does not refuse the next.
      const block = Math.floor(Date.now() / 1000) % 40;
      const drawn = unitsFor(
        Money.of(target.line.disponible),
        VIN_SERIALS.followUp + block * FOLLOW_UP_UNITS,
        FOLLOW_UP_UNITS,
      );
      // The company's units sold out of trust refuse the create (issue 29 §2): lifted for the create only.
      const answer = await withoutSoldOutOfTrustHold(client, target.companyId, () =>
        api<{ data: { id: number; folio: string; status: number } }>(baseUrl, session, '/api/provisions/create-send', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: saveBody(target, drawn),
        }),
      );
      created = answer.data;
      await restore();
      const id = created.id;
      const historyEntries = await waitForHistory(baseUrl, session, id);

      const full = await getBytes(baseUrl, session, `/api/provisions/${id}`);
      const detail = await getBytes(baseUrl, session, `/api/provisions/${id}?units=none`);
      const units = await getBytes(
        baseUrl,
        session,
        `/api/provisions/${id}/units/page?page=1&pageSize=${UNITS_PAGE_SIZE}`,
      );
      const history = await getBytes(
        baseUrl,
        session,
        `/api/provisions/${id}/timeline/page?page=1&pageSize=${HISTORY_PAGE_SIZE}`,
      );
      const signed = await getBytes(baseUrl, session, `/api/provisions/${id}/evidences-signature`);

      // The figures only count if each read answered what the page shows.
      const fullUnits = (full.json as Detail).data.units.length;
      const noneUnits = (detail.json as Detail).data.units.length;
      const unitsPage = (units.json as Page).data;
      const historyPage = (history.json as Page).data;
      if (fullUnits !== FOLLOW_UP_UNITS) throw new Error(`the whole detail lists ${fullUnits} units`);
      if (noneUnits !== 0) throw new Error(`?units=none still lists ${noneUnits} units`);
      if (unitsPage.total !== FOLLOW_UP_UNITS || unitsPage.items.length !== UNITS_PAGE_SIZE) {
        throw new Error(`the units page has ${unitsPage.items.length} of ${unitsPage.total} units`);
      }
      if (historyPage.items.length !== Math.min(HISTORY_PAGE_SIZE, historyPage.total)) {
        throw new Error(`the history page has ${historyPage.items.length} of ${historyPage.total} entries`);
      }

      const strip = ({ path, bytes, contentEncoding }: BodyBytes): BodyBytes => ({ path, bytes, contentEncoding });
      const now = [detail, units, history, signed].map(strip);
      const before = [full, history, signed].map(strip);
      const sum = (calls: BodyBytes[]) => calls.reduce((total, call) => total + call.bytes, 0);
      return {
        units: FOLLOW_UP_UNITS,
        provisionId: id,
        folio: created.folio,
        status: (detail.json as Detail).data.status,
        historyEntries: Math.max(historyEntries, historyPage.total),
        now,
        before,
        nowBytes: sum(now),
        beforeBytes: sum(before),
      };
    } finally {
      try {
        if (created) await deleteProvision(client, created.id);
      } finally {
        await restore();
      }
    }
  });
}

const kib = (bytes: number, digits = 1) =>
  (bytes / 1024).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The table's rows: the first screen against the target, then what each read weighs. */
export function followUpRows(result: FollowUpBytes | undefined): Row[] {
  if (!result) return [];
  const units = result.units.toLocaleString('en-US');
  const [detail, unitsPage, history, signed] = result.now;
  return [
    {
      metric: `follow-up first screen JSON (${units} units)`,
      value: `${kib(result.nowBytes)} KiB now (before: ${kib(result.beforeBytes, 0)} KiB)`,
      target: `≤ ${FOLLOW_UP_TARGET_BYTES / 1000} KB`,
      pass: result.nowBytes <= FOLLOW_UP_TARGET_BYTES,
    },
    {
      metric: `follow-up reads (history of ${result.historyEntries.toLocaleString('en-US')} entries, status ${result.status})`,
      value:
        `detail ${kib(detail!.bytes)}, units ${kib(unitsPage!.bytes)}, history ${kib(history!.bytes)}, ` +
        `signed ${kib(signed!.bytes)} KiB; whole detail ${kib(result.before[0]!.bytes, 0)} KiB`,
      target: '',
      pass: null,
    },
  ];
}
