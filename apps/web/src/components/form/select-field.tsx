import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';

export type SelectOption = { value: string | number; label: string };

export type SelectFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** Adds a first "no value" option with this label (filters use it for "Todos"). */
  emptyLabel?: string;
  /** After the user picks a value (not on a form reset): e.g. clear a field that depended on this one. */
  onPicked?: (value: string | number | null) => void;
  /** Shown, greyed, while nothing is chosen (e.g. 'Seleccionar una cliente'). */
  placeholder?: string;
  /** Shown under the field when there is no error (e.g. why the list is empty). */
  helperText?: string;
  className?: string;
  /** Marks the label with the asterisk of a required field (the contract still does the checking). */
  required?: boolean;
};

/** A select bound to react-hook-form; the stored value keeps the option's type (number ids stay numbers). */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled,
  size,
  emptyLabel,
  onPicked,
  placeholder,
  helperText,
  className,
  required,
}: SelectFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const byKey = new Map(options.map((o) => [String(o.value), o.value]));
  return (
    <FormControl
      fullWidth
      className={className}
      size={size}
      error={!!fieldState.error}
      disabled={disabled}
      required={required}
    >
      <InputLabel id={`${id}-label`} shrink={placeholder ? true : undefined}>
        {label}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={label}
        name={field.name}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(e) => {
          const value = e.target.value === '' ? null : (byKey.get(e.target.value) ?? e.target.value);
          field.onChange(value);
          onPicked?.(value);
        }}
        onBlur={field.onBlur}
        inputRef={field.ref}
        aria-describedby={fieldState.error?.message || helperText ? `${id}-helper` : undefined}
        notched={placeholder ? true : undefined}
        displayEmpty={!!placeholder}
        renderValue={
          placeholder
            ? (selected: string) =>
                selected === '' ? (
                  <span style={{ opacity: 0.55 }}>{placeholder}</span>
                ) : (
                  (options.find((o) => String(o.value) === selected)?.label ?? selected)
                )
            : undefined
        }
      >
        {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
        {options.map((o) => (
          <MenuItem key={String(o.value)} value={String(o.value)}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
      {(fieldState.error?.message ?? helperText) && (
        <FormHelperText id={`${id}-helper`}>{fieldState.error?.message ?? helperText}</FormHelperText>
      )}
    </FormControl>
  );
}
