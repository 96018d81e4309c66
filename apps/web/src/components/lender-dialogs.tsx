import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import {
  DISPLAY_DATE_FORMAT,
  MANUAL_FOLIO_MAX,
  PROVISION_LENDER_MESSAGES,
  businessToday,
  updateFolioError,
} from '@planpiso/domain';
import { SpanishPickers } from './spanish-pickers';
import { useWholeDateEntry } from './use-whole-date-entry';
import { fromIsoDate, toIsoDate } from '../lib/format';
import { DialogButtons } from './dialog-buttons';

type DialogProps<T> = { open: boolean; busy: boolean; onCancel: () => void; onSend: (value: T) => void };

/**
 * Enviar a CRM (spec 3 §2, §7): the start of the disposition, 'Inicio de la disposición', by default today on the
 * business's clock (Mexico City), not the browser's.
 */
export function SendToCrmDialog({ open, busy, onCancel, onSend }: DialogProps<string>) {
  const [date, setDate] = useState<Date | null>(() => fromIsoDate(businessToday(new Date())));
  const [error, setError] = useState<string | null>(null);
  const whole = useWholeDateEntry();
  const submit = () => {
    const approvedDate = toIsoDate(date);
    if (!approvedDate) return setError(PROVISION_LENDER_MESSAGES.approvedDateRequired);
    onSend(approvedDate);
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby="crm-title">
      <DialogTitle id="crm-title">Enviar a CRM</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <SpanishPickers>
          <DatePicker
            {...whole}
            label="Inicio de la disposición"
            value={date}
            format={DISPLAY_DATE_FORMAT}
            onChange={(value) => {
              setDate(value);
              setError(null);
            }}
            slotProps={{ textField: { fullWidth: true, error: error !== null, helperText: error ?? undefined } }}
          />
        </SpanishPickers>
      </DialogContent>
      <DialogButtons label="Enviar" busy={busy} onCancel={onCancel} onConfirm={submit} />
    </Dialog>
  );
}

/** Actualizar folio (spec 3 §5): required and greater than 0; documents already generated keep their folio. */
export function UpdateFolioDialog({
  open,
  busy,
  onCancel,
  onSend,
  current,
}: DialogProps<number> & { current: string }) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const invalid = updateFolioError(value);
    setError(invalid);
    if (!invalid) onSend(Number(value.trim()));
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby="folio-title">
      <DialogTitle id="folio-title">Actualizar folio</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          fullWidth
          autoFocus
          label="Folio manual"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: MANUAL_FOLIO_MAX } }}
        />
      </DialogContent>
      <DialogButtons label="Guardar" busy={busy} onCancel={onCancel} onConfirm={submit} />
    </Dialog>
  );
}
