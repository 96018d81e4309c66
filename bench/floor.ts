// The floor (issue 15): the least any server could do for GET /api/users page 1 — a bare node:http server with a
// pg pool of the API's size that runs the same SQL (captured by capture-sql.ts: the caller's read, the page and the
// total, each as the API sends it — a statement the API prepares by name is prepared here too) one statement after
// another and answers JSON.stringify of the rows. The API's throughput divided by this one's says what the
// framework, validation, auth and presenters cost.
// Run as its own process (as the API is): FLOOR_SQL (JSON of the statements), DATABASE_URL, PORT; prints "ready".
import { createServer } from 'node:http';
import pg from 'pg';
import type { CapturedStatement } from './capture-sql';

const statements = JSON.parse(process.env.FLOOR_SQL ?? '[]') as CapturedStatement[];
if (statements.length === 0) throw new Error('FLOOR_SQL holds no statement');
// The API's pool (apps/api/src/db/client.ts): 10 connections; int8 read as number as there.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'planpiso-floor' });

const server = createServer((request, response) => {
  void (async () => {
    try {
      const results: unknown[] = [];
      for (const statement of statements) {
        const { rows } = await pool.query({
          text: statement.text,
          values: statement.values,
          ...(statement.rowMode ? { rowMode: 'array' as const } : {}),
          // A statement the API prepares (the caller's read) is prepared here too, once per pooled connection.
          ...(statement.name ? { name: statement.name } : {}),
        } as pg.QueryConfig);
        results.push(rows);
      }
      const body = JSON.stringify({ data: results });
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  })();
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => void pool.end().then(() => process.exit(0)));
    server.closeAllConnections();
  });
}
