import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { AuditFormFields } from './audit-form-fields';

/** Spec 3 §2: the radio '¿Suspender el panel de disposiciones durante la auditoria?' (Si/No), required (§5). */
export function AuditSuspendField({ control }: { control: Control<AuditFormFields> }) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: 'isSuspended' });
  const value = field.value === null ? '' : String(field.value);
  return (
    <FormControl error={!!fieldState.error} required sx={{ gridColumn: '1 / -1' }}>
      <FormLabel id={id}>¿Suspender el panel de disposiciones durante la auditoria?</FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        name={field.name}
        value={value}
        onChange={(_event, picked) => field.onChange(picked === 'true')}
      >
        <FormControlLabel value="true" control={<Radio slotProps={{ input: { ref: field.ref } }} />} label="Si" />
        <FormControlLabel value="false" control={<Radio />} label="No" />
      </RadioGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}
