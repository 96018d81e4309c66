import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type Choice = { value: string | number; label: string };

type Props = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children' | 'rows'> & {
  choices: readonly Choice[];
  /** The chosen value; one the choices no longer hold shows as no choice. */
  value: string | number | null;
  /** The chosen option's value, as the select gives it ('' for the "none" choice). */
  onChoose: (value: string) => void;
  /** A "none" choice shown first ('Todas las líneas'); without it, nothing chosen is a blank no one can pick. */
  noneLabel?: string;
};

/**
 * A select in MUI's outlined field, native (decision 092): the device's own list (a phone's picker), and no animated
 * menu to open and wait out — for a user setting a form, or a journey.
 */
export function ChoiceSelect({ choices, value, onChoose, noneLabel, slotProps, ...field }: Props) {
  const chosen = value !== null && choices.some((choice) => String(choice.value) === String(value)) ? value : '';
  return (
    <TextField
      select
      {...field}
      // A "none" choice is a value shown in the field ('Todas'): the label stays up, as over any filled field.
      slotProps={{
        ...slotProps,
        select: { native: true },
        ...(noneLabel === undefined ? {} : { inputLabel: { shrink: true } }),
      }}
      value={chosen}
      onChange={(e) => onChoose(e.target.value)}
    >
      {noneLabel === undefined ? <option value="" disabled hidden /> : <option value="">{noneLabel}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
}
