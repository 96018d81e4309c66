import TextField, { type TextFieldProps } from '@mui/material/TextField';

type Props<R extends { id: number }> = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children' | 'rows'> & {
  records: readonly R[];
  labelOf: (row: R) => string;
  /** The chosen id; one the rows no longer hold shows as no choice. */
  value: number | null;
  onPick: (id: number | null) => void;
};

/**
 * A select over records (a branch, a legal representative), by id, showing each one's label. Native, like the
 * review's and the layout's selects: the device's own list (a phone's picker), and no animated menu to open and
 * wait out. The empty first option is "no choice yet".
 */
export function RecordSelect<R extends { id: number }>({
  records,
  labelOf,
  value,
  onPick,
  slotProps,
  ...field
}: Props<R>) {
  return (
    <TextField
      select
      {...field}
      slotProps={{ ...slotProps, select: { native: true } }}
      value={records.some((row) => row.id === value) ? value : ''}
      onChange={(e) => onPick(Number(e.target.value) || null)}
    >
      <option value="" disabled hidden />
      {records.map((row) => (
        <option key={row.id} value={row.id}>
          {labelOf(row)}
        </option>
      ))}
    </TextField>
  );
}
