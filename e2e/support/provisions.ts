// What the provision journeys share: an open operating window, fresh valid VINs, and CSV files as a Spanish Excel
// writes them (windows-1252, CRLF).
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { BUSINESS_TIME_ZONE, CSV_COLUMNS, businessClock, vinCheckCharacter } from '@planpiso/domain';
import { createDb } from '../../apps/api/src/db/client';
import { e2eEnv } from './env';
import { ARTIFACTS_DIR } from './paths';

/**
 * Provision actions are refused outside the operating window (spec 3 §5), and a journey may run at any hour: the
 * window is opened all day (an equal start and end puts no limit on the hours) and today is made a working day.
 */
export async function openOperatingWindow(): Promise<void> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    await handle.db.execute(sql`update provision_settings set start_operation = '00:00', end_operation = '00:00'`);
    await handle.db.execute(sql`delete from non_working_days where date = ${businessClock(new Date()).day}`);
  } finally {
    await handle.close();
  }
}

/** A 17-character VIN with a valid ISO 3779 check digit that no other journey uses. */
export function freshVin(prefix = '3N1CD3AP'): string {
  const serial = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const body = `${prefix}0VL${serial}`;
  const check = vinCheckCharacter(body)!;
  return `${body.slice(0, 8)}${check}${body.slice(9)}`;
}

export type CsvUnitRow = {
  agency: string;
  brand: string;
  type: string;
  model: string;
  description: string;
  color: string;
  insideColor: string;
  vin: string;
  motor: string;
  amount: string;
};

/** The CSV's bytes: the header row, then one row per unit, windows-1252 with CRLF (Excel's "CSV" on Windows). */
export function csvBytes(rows: readonly CsvUnitRow[]): Buffer {
  const lines = [
    CSV_COLUMNS.join(','),
    ...rows.map((r) =>
      [r.agency, r.brand, r.type, r.model, r.description, r.color, r.insideColor, r.vin, r.motor, r.amount]
        .map((cell) => (cell.includes(',') ? `"${cell}"` : cell))
        .join(','),
    ),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

/** A real (tiny) PDF and a CFDI-like XML: the server checks the bytes, not only the names. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
export const XML_INVOICE = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Total="150000.00"/>\n',
  'utf8',
);

/** A 1366×768 full-page screenshot under artifacts/screenshots/. */
export async function wizardScreenshot(page: Page, name: string): Promise<void> {
  const dir = join(ARTIFACTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  // From the top: a page scrolled by a dialog or a click would draw the fixed top bar in the middle of a full page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** The signed-in page's own call to the API (the session's bearer token), for checks a person would not do. */
export async function apiAsPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('aws');
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    return (await response.json()) as T;
  }, path);
}

/** dd/MM/yyyy HH:mm of an instant in Mexico City, as the follow-up page writes a moment: computed here (Node), not by the app. */
export function businessDateTimeOf(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: BUSINESS_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
