import type { TextFieldProps } from '@mui/material/TextField';
import { ChoiceSelect } from './choice-select';

type Props<R extends { id: number }> = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children' | 'rows'> & {
  records: readonly R[];
  labelOf: (row: R) => string;
  /** The chosen id; one the rows no longer hold shows as no choice. */
  value: number | null;
  onPick: (id: number | null) => void;
};

/** A select over records (a branch, a legal representative), by id, showing each one's label. */
export function RecordSelect<R extends { id: number }>({ records, labelOf, value, onPick, ...field }: Props<R>) {
  return (
    <ChoiceSelect
      {...field}
      choices={records.map((row) => ({ value: row.id, label: labelOf(row) }))}
      value={value}
      onChoose={(id) => onPick(Number(id) || null)}
    />
  );
}
