import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DISPLAY_DATE_FORMAT } from '@planpiso/domain';
import { fromIsoDate, toIsoDate } from '../lib/format';
import { SpanishPickers } from './spanish-pickers';
import { useWholeDateEntry } from './use-whole-date-entry';

export type DateRangeProps<T extends FieldValues> = { control: Control<T>; from: FieldPath<T>; to: FieldPath<T> };

/**
 * A created-date range (spec 1 §2.5): Inicia and Finaliza, shown dd/MM/yyyy, kept in the form (and so in the
 * URL) as YYYY-MM-DD. Finaliza cannot be before Inicia.
 */
export function DateRangeFields<T extends FieldValues>({ control, from, to }: DateRangeProps<T>) {
  const start = useController({ control, name: from });
  const end = useController({ control, name: to });
  const startDate = fromIsoDate(start.field.value as string);
  const endDate = fromIsoDate(end.field.value as string);
  const wholeStart = useWholeDateEntry();
  const wholeEnd = useWholeDateEntry();
  return (
    <SpanishPickers>
      <DatePicker
        {...wholeStart}
        label="Inicia"
        value={startDate}
        format={DISPLAY_DATE_FORMAT}
        maxDate={endDate ?? undefined}
        onChange={(date) => start.field.onChange(toIsoDate(date))}
        slotProps={{
          textField: { size: 'small', name: start.field.name },
          field: { clearable: true },
        }}
      />
      <DatePicker
        {...wholeEnd}
        label="Finaliza"
        value={endDate}
        format={DISPLAY_DATE_FORMAT}
        minDate={startDate ?? undefined}
        onChange={(date) => end.field.onChange(toIsoDate(date))}
        slotProps={{
          textField: { size: 'small', name: end.field.name },
          field: { clearable: true },
        }}
      />
    </SpanishPickers>
  );
}
