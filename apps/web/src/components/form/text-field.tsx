import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export type TextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number';
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  minRows?: number;
  size?: 'small' | 'medium';
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  maxLength?: number;
  endAdornment?: ReactNode;
  helperText?: string;
  /** Marks the label with the asterisk of a required field (the contract still does the checking). */
  required?: boolean;
};

/**
 * A text input bound to react-hook-form that shows the contract's (zod) message under it. Built from
 * FormControl + OutlinedInput rather than MUI's TextField, which pulls in Select and its popover machinery:
 * this field is on the sign-in page, whose JavaScript budget is small.
 */
export function TextField<T extends FieldValues>(props: TextFieldProps<T>) {
  const { control, name, label, size = 'medium' } = props;
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const message = fieldState.error?.message ?? props.helperText;
  return (
    <FormControl
      fullWidth
      variant="outlined"
      size={size}
      error={!!fieldState.error}
      disabled={props.disabled}
      required={props.required}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        multiline={props.multiline}
        minRows={props.minRows}
        endAdornment={props.endAdornment}
        aria-describedby={message ? `${id}-helper` : undefined}
        inputProps={{ inputMode: props.inputMode, maxLength: props.maxLength }}
      />
      {message && <FormHelperText id={`${id}-helper`}>{message}</FormHelperText>}
    </FormControl>
  );
}
