import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { es } from 'date-fns/locale/es';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import { DISPLAY_DATE_FORMAT } from '@planpiso/domain';
import { fromIsoDate, toIsoDate } from '../../lib/format';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
};

const pickerText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * A form's date, bound to react-hook-form like DateRange's: shown dd/MM/yyyy in Spanish, kept in the form as
 * YYYY-MM-DD ('' while empty or half typed), with the contract's message under it.
 */
export function DateField<T extends FieldValues>({ control, name, label, disabled }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={es} localeText={pickerText}>
      <DatePicker
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
            error: !!fieldState.error,
            helperText: fieldState.error?.message,
            onBlur: field.onBlur,
          },
        }}
      />
    </LocalizationProvider>
  );
}
