import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MANUAL_FOLIO_MAX, manualFolioError } from '@planpiso/domain';

/**
 * The manual folio an operator may give at acceptance (spec 3 §4: a provision's Confirmar, a refinancing's Aceptar):
 * whether it is used, its text, and the domain's verdict on it, shown under the field once asked.
 */
export function useManualFolio(initial: { useManualFolio: boolean; manualFolio: string | null }) {
  const [used, setUsed] = useState(initial.useManualFolio);
  const [folio, setFolio] = useState(initial.manualFolio ?? '');
  const [error, setError] = useState<string | null>(null);
  return {
    used,
    folio,
    error,
    setUsed,
    setFolio: (value: string) => {
      setFolio(value);
      setError(null);
    },
    /** The domain's refusal of the folio as typed (shown under the field), or null when it may be sent. */
    check: () => {
      const invalid = manualFolioError(used, folio);
      setError(invalid);
      return invalid;
    },
    /** The request's two fields. */
    fields: () => ({ useManualFolio: used, manualFolio: used ? folio.trim() : null }),
  };
}

export type ManualFolio = ReturnType<typeof useManualFolio>;

/** The toggle (a provision's checkbox, a refinancing's switch) and, while on, the field under its label. */
export function ManualFolioControl({
  folio,
  toggle,
  fieldLabel,
}: {
  folio: ManualFolio;
  toggle: 'checkbox' | 'switch';
  fieldLabel: string;
}) {
  const Toggle = toggle === 'checkbox' ? Checkbox : Switch;
  return (
    <>
      <FormControlLabel
        control={<Toggle checked={folio.used} onChange={(e) => folio.setUsed(e.target.checked)} />}
        label="Folio manual"
      />
      {folio.used && (
        <TextField
          size="small"
          label={fieldLabel}
          value={folio.folio}
          onChange={(e) => folio.setFolio(e.target.value)}
          error={folio.error !== null}
          helperText={folio.error ?? undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: MANUAL_FOLIO_MAX } }}
        />
      )}
    </>
  );
}
