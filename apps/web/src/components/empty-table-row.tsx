import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { MESSAGES } from '@planpiso/domain';

/**
 * The one empty state of every table ('No hay registros para mostrar'); `label` where a table names its own (the
 * signing documents' 'No hay documentos'), or '' for a grid still loading its first rows.
 */
export function EmptyTableRow({
  colSpan,
  label = MESSAGES.emptyGrid,
}: {
  colSpan: number;
  label?: string | undefined;
}) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ color: 'text.secondary' }}>
        {label}
      </TableCell>
    </TableRow>
  );
}
