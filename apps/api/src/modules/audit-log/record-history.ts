import {
  AUDIT_LOG_MESSAGES as TEXT,
  businessClock,
  type AuditLogRecordHistory,
  type AuditLogRecordParams,
} from '@planpiso/domain';
import type { AppDeps } from '../../platform/deps';
import { sheetXlsx } from '../../platform/spreadsheet';
import * as repo from './repository';

/**
 * One record's whole audit trail, oldest first (issue 30 item 6): what a regulator asks for. Not paged — the
 * answer is the trail, all of it; a record's life is tens of rows (a provision's moves), not thousands.
 */
export async function recordHistory(
  { db }: Pick<AppDeps, 'db'>,
  { entity, id }: AuditLogRecordParams,
): Promise<AuditLogRecordHistory> {
  const rows = await repo.recordHistory(db, entity, id);
  return { entity, entityId: id, items: rows.map((row) => ({ ...row, at: row.at.toISOString() })) };
}

/** dd/MM/yyyy HH:mm:ss on Mexico City's clock: a trail needs the second, several moves can share a minute. */
function shownInstant(at: Date): string {
  const { day, seconds } = businessClock(at);
  const clock = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return `${day.split('-').reverse().join('/')} ${clock}`;
}

/** Excel holds at most 32,767 characters in a cell; a longer snapshot is cut there (the JSON answer keeps it whole). */
const CELL_MAX = 32_767;
function shownJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX - 1)}…` : text;
}

/** The same history as 'Historial <entity> <id> (DD-MM-YYYY).xlsx', Spanish headers, one row per audit row. */
export async function recordHistoryXlsx(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  params: AuditLogRecordParams,
): Promise<{ bytes: Buffer; fileName: string }> {
  const rows = await repo.recordHistory(db, params.entity, params.id);
  const bytes = await sheetXlsx({
    sheetName: TEXT.historySheet,
    columns: TEXT.historyColumns,
    created: clock.now(),
    width: 24,
    rows: rows.map((row) => [
      row.id,
      shownInstant(row.at),
      row.at.toISOString(),
      row.actorEmail ?? TEXT.systemActor,
      row.actorId ?? '',
      row.action,
      row.entity,
      row.entityId ?? '',
      shownJson(row.before),
      shownJson(row.after),
      row.requestId ?? '',
    ]),
  });
  return { bytes, fileName: TEXT.historyFileName(params.entity, params.id, businessClock(clock.now()).day) };
}
