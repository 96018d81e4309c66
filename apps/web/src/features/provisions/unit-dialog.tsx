import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import MuiTextField from '@mui/material/TextField';
import {
  UNIT_TEXT_LIMITS,
  VIN_MAX_LENGTH,
  sanitizeAmountInput,
  unitDraft,
  vinWarning,
  type UnitDraft,
  type UnitDraftInput,
} from '@planpiso/domain';
import { TextField } from '../../components/form/text-field';
import { FormBox } from '../../components/form/form-box';

type Props = {
  open: boolean;
  onClose: () => void;
  onAdd: (unit: UnitDraft) => void;
};

const EMPTY: UnitDraftInput = {
  agency: '',
  brandName: '',
  type: '',
  model: '',
  description: '',
  color: '',
  insideColor: '',
  vinNumber: '',
  motorNumber: '',
  amount: '',
};

type TextKey = Exclude<keyof UnitDraftInput, 'amount'>;
const FIELDS: ReadonlyArray<{ name: TextKey; label: string; max: number }> = [
  { name: 'vinNumber', label: 'VIN', max: VIN_MAX_LENGTH },
  { name: 'agency', label: 'Sucursal', max: UNIT_TEXT_LIMITS.agency },
  { name: 'brandName', label: 'Marca', max: UNIT_TEXT_LIMITS.brandName },
  { name: 'type', label: 'Tipo de unidad', max: UNIT_TEXT_LIMITS.type },
  { name: 'model', label: 'Modelo (año)', max: UNIT_TEXT_LIMITS.model },
  { name: 'description', label: 'Descripción', max: UNIT_TEXT_LIMITS.description },
  { name: 'color', label: 'Color externo', max: UNIT_TEXT_LIMITS.color },
  { name: 'insideColor', label: 'Color interno', max: UNIT_TEXT_LIMITS.insideColor },
  { name: 'motorNumber', label: 'Motor', max: UNIT_TEXT_LIMITS.motorNumber },
];

/**
 * The add-unit dialog (spec 3 §5 "Unit form"): every field required with the widths of the CSV, the VIN 17 to 23,
 * the amount numeric (anything else empties it). A 17-character VIN whose check digit fails is a warning under
 * the field, not an error: the dealer decides.
 */
export function UnitDialog({ open, onClose, onAdd }: Props) {
  const form = useForm<UnitDraftInput, unknown, UnitDraft>({
    resolver: zodResolver(unitDraft) as unknown as Resolver<UnitDraftInput, unknown, UnitDraft>,
    defaultValues: EMPTY,
  });
  const vin = useWatch({ control: form.control, name: 'vinNumber' });
  const warning = vin ? vinWarning(vin) : null;

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const submit = form.handleSubmit((unit) => {
    onAdd(unit);
    onClose();
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="unit-dialog-title">
      <DialogTitle id="unit-dialog-title">Agregar unidad</DialogTitle>
      <DialogContent>
        <FormBox
          noValidate
          label="Datos de la unidad"
          onSubmit={() => void submit()}
          sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {FIELDS.map(({ name, label, max }) => (
            <Box key={name}>
              <TextField control={form.control} name={name} label={label} maxLength={max} />
              {name === 'vinNumber' && warning && (
                <FormHelperText sx={{ color: 'warning.dark' }} role="status">
                  {warning}
                </FormHelperText>
              )}
            </Box>
          ))}
          <Controller
            control={form.control}
            name="amount"
            render={({ field, fieldState }) => (
              <MuiTextField
                label="Monto"
                value={field.value ?? ''}
                onChange={(e) => field.onChange(sanitizeAmountInput(e.target.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
          />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </FormBox>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={() => void submit()}>
          Agregar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
