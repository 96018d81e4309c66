import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { MESSAGES } from '@planpiso/domain';

/** The one empty state of every table: the same words as PagedGrid's ('No hay registros para mostrar'). */
export function EmptyTableRow({ colSpan }: { colSpan: number }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ color: 'text.secondary' }}>
        {MESSAGES.emptyGrid}
      </TableCell>
    </TableRow>
  );
}
