// EXPLAIN (ANALYZE, BUFFERS) of GET /api/provisions page 1 on the large data set (issue 16), written to
// docs/queries/provisions-bench.md:
//
//   npm run seed:large && npx tsx bench/explain-provisions-bench.ts
//
// The statements are the ones the API runs (captured by capture-sql.ts while the request runs, as the floor does),
// for the demo operator (type 3: the accounts it operates, statuses 3–10) and the demo agency user (type 5: its
// company, every status), so the plans are those the bench measures.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_PASSWORD, DEMO_USERS } from '../apps/api/src/seed';
import { captureRequestSql, type CapturedStatement } from './capture-sql';
import { openLargeServer } from './large-db';
import { LIST_PATH } from './provisions';

const OUT = fileURLToPath(new URL('../docs/queries/provisions-bench.md', import.meta.url));
const CALLERS = DEMO_USERS.filter((user) => user.type === 3 || user.type === 5);

/** The statement with its parameters written in, so the plan can be read (and re-run) as one text. */
function inline(statement: CapturedStatement): string {
  return statement.text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = statement.values[Number(n) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (value instanceof Date) return `'${value.toISOString()}'`;
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

const server = await openLargeServer();
const sections: string[] = [];
try {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const counts = await client.query<{ provisions: number; units: number }>(
      'select (select count(*)::int from provisions) as provisions, (select count(*)::int from provision_units) as units',
    );
    sections.push(
      `Data: ${counts.rows[0]!.provisions.toLocaleString('en-US')} provisions, ${counts.rows[0]!.units.toLocaleString('en-US')} units (\`npm run seed:large\`). Each plan is the second run of the statement (warm cache).`,
    );
    for (const caller of CALLERS) {
      const statements = await captureRequestSql(server.url, {
        email: caller.email,
        password: DEMO_PASSWORD,
        path: () => LIST_PATH,
      });
      sections.push(`## GET ${LIST_PATH} as type ${caller.type} (${caller.email})`);
      for (const statement of statements) {
        const text = inline(statement);
        // countWithCap's own estimate (`explain (format json)` past the cap) is shown as it ran.
        if (/^\s*explain/i.test(text)) {
          sections.push(
            '```sql\n' +
              text.trim() +
              '\n```\n\n(the total as the planner estimates it — decisions 028, 050: planned, not run)',
          );
          continue;
        }
        await client.query(`explain (analyze, buffers) ${text}`);
        const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`);
        sections.push(
          '```sql\n' + text.trim() + '\n```\n\n```\n' + plan.rows.map((r) => r['QUERY PLAN']).join('\n') + '\n```',
        );
      }
    }
  } finally {
    await client.end();
  }
} finally {
  await server.stop();
}
await writeFile(
  OUT,
  `# GET /api/provisions at scale (issue 16)\n\nWritten by \`bench/explain-provisions-bench.ts\`.\n\n${sections.join('\n\n')}\n`,
);
console.log(`Written ${OUT}`);
