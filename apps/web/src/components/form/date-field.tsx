import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DISPLAY_DATE_FORMAT } from '@planpiso/domain';
import { fromIsoDate, toIsoDate } from '../../lib/format';
import { SpanishPickers } from '../spanish-pickers';
import { useWholeDateEntry } from '../use-whole-date-entry';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  /** Marks the label with the asterisk of a required field (the contract still does the checking). */
  required?: boolean;
};

/**
 * A form's date, bound to react-hook-form like DateRange's: shown dd/MM/yyyy in Spanish, kept in the form as
 * YYYY-MM-DD ('' while empty or half typed), with the contract's message under it.
 */
export function DateField<T extends FieldValues>({ control, name, label, disabled, required }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const whole = useWholeDateEntry();
  return (
    <SpanishPickers>
      <DatePicker
        {...whole}
        label={label}
        value={fromIsoDate(field.value as string)}
        format={DISPLAY_DATE_FORMAT}
        disabled={disabled}
        onChange={(date) => field.onChange(toIsoDate(date))}
        inputRef={field.ref}
        slotProps={{
          textField: {
            name: field.name,
            fullWidth: true,
            required,
            error: !!fieldState.error,
            helperText: fieldState.error?.message,
            onBlur: field.onBlur,
          },
        }}
      />
    </SpanishPickers>
  );
}
