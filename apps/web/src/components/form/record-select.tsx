import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type Props<R extends { id: number }> = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children' | 'rows'> & {
  records: readonly R[];
  labelOf: (row: R) => string;
  /** The chosen id; one the rows no longer hold shows as no choice. */
  value: number | null;
  onPick: (id: number | null) => void;
};

/** An uncontrolled-form select over records (a branch, a legal representative), by id, showing each one's label. */
export function RecordSelect<R extends { id: number }>({ records, labelOf, value, onPick, ...field }: Props<R>) {
  return (
    <TextField
      select
      {...field}
      value={records.some((row) => row.id === value) ? value : ''}
      onChange={(e) => onPick(Number(e.target.value) || null)}
    >
      {records.map((row) => (
        <MenuItem key={row.id} value={row.id}>
          {labelOf(row)}
        </MenuItem>
      ))}
    </TextField>
  );
}
