import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { evidenceSizeLabel } from '@planpiso/domain';
import { EmptyTableRow } from './empty-table-row';

export type EvidenceRow = { key: string | number; fileName: string; size: string };

/** Stored evidences as the table's rows: keyed by id, their size in KB/MB (spec 3 §9). */
export const evidenceRows = <E extends { id: number; fileName: string; fileSize: number }>(evidences: E[]) =>
  evidences.map((evidence) => ({ ...evidence, key: evidence.id, size: evidenceSizeLabel(evidence.fileSize) }));

/**
 * A unit's documents as every evidence dialog lists them (spec 3 §2, §5, §9): Documento, Tamaño and, when the dialog
 * has one, an action column. A name given `onOpen` is a link that opens the file. The empty state shows only once
 * the list is known (`loaded`), so a slow read never says there are none.
 */
export function EvidenceTable<Row extends EvidenceRow>({
  label,
  rows,
  loaded = true,
  onOpen,
  action,
}: {
  label: string;
  rows: Row[];
  loaded?: boolean;
  onOpen?: (row: Row) => void;
  action?: { header: string; cell: (row: Row) => ReactNode };
}) {
  const columns = action ? 3 : 2;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Documento</TableCell>
          <TableCell align="right">Tamaño</TableCell>
          {action && <TableCell align="right">{action.header}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {loaded && rows.length === 0 && <EmptyTableRow colSpan={columns} />}
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {onOpen ? (
                <Link component="button" type="button" onClick={() => onOpen(row)}>
                  {row.fileName}
                </Link>
              ) : (
                row.fileName
              )}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {row.size}
            </TableCell>
            {action && <TableCell align="right">{action.cell(row)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
