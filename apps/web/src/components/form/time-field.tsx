import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TimeField as MuiTimeField } from '@mui/x-date-pickers/TimeField';
import { fromClock, toClock } from '../../lib/format';
import { SpanishPickers } from '../spanish-pickers';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
};

/**
 * A time of day bound to react-hook-form: shown and typed as HH:mm, 24 hours, whatever the browser's locale (spec 2
 * §9 "Time picker format HH:mm"); kept in the form as 'HH:mm' ('' while empty or half typed).
 */
export function TimeField<T extends FieldValues>({ control, name, label, disabled }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <SpanishPickers>
      <MuiTimeField
        label={label}
        value={fromClock(field.value as string)}
        format="HH:mm"
        ampm={false}
        disabled={disabled}
        onChange={(time) => field.onChange(toClock(time))}
        inputRef={field.ref}
        name={field.name}
        fullWidth
        error={!!fieldState.error}
        helperText={fieldState.error?.message}
        onBlur={field.onBlur}
      />
    </SpanishPickers>
  );
}
