import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REFINANCING_MESSAGES, type ConfirmRefinancingUnitsRequest } from '@planpiso/domain';
import type { RefinancingDetailUnit } from './api/refinancing-detail';
import { DialogButtons } from '../../../components/dialog-buttons';

type Verdict = { status: 0 | 1 | 2; comment: string };
type Props = {
  units: readonly RefinancingDetailUnit[];
  version: number;
  busy: boolean;
  onCancel: () => void;
  onSend: (body: ConfirmRefinancingUnitsRequest) => void;
  /** Opens the unit's evidences, to look at them before answering. */
  onEvidence: (unit: RefinancingDetailUnit) => void;
};

const startOf = (unit: RefinancingDetailUnit): Verdict => ({
  status: unit.status === 1 || unit.status === 2 ? unit.status : 0,
  comment: unit.comment,
});

/**
 * Validar unidades (spec 3 §4, type 2 at 3; decision 045): per unit 'Las evidencias son correctas?' Sí (1) or No (2);
 * No reveals Comentario, which is then required. Guardar sends the answered units (PATCH confirm-units) with the
 * checks the administrator saw; the status stays 3 until Confirmar.
 */
export function RefinancingConfirmUnitsDialog({ units, version, busy, onCancel, onSend, onEvidence }: Props) {
  const [verdicts, setVerdicts] = useState<Record<number, Verdict>>(() =>
    Object.fromEntries(units.map((unit) => [unit.id, startOf(unit)])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const set = (id: number, next: Partial<Verdict>) => {
    setVerdicts((current) => ({ ...current, [id]: { ...current[id]!, ...next } }));
    setErrors((current) => ({ ...current, [id]: '' }));
    setProblem(null);
  };

  const submit = () => {
    const answered = units.filter((unit) => verdicts[unit.id]!.status !== 0);
    if (answered.length === 0) return setProblem(REFINANCING_MESSAGES.unitsNotReviewed);
    const missing = Object.fromEntries(
      answered
        .filter((unit) => verdicts[unit.id]!.status === 2 && verdicts[unit.id]!.comment.trim() === '')
        .map((unit) => [unit.id, REFINANCING_MESSAGES.commentRequired]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    onSend({
      version,
      units: answered.map((unit) => {
        const verdict = verdicts[unit.id]!;
        return {
          id: unit.id,
          validAx: unit.validAx,
          validRepuve: unit.validRepuve,
          validTransunion: unit.validTransunion,
          status: verdict.status as 1 | 2,
          comment: verdict.status === 2 ? verdict.comment.trim() : '',
        };
      }),
    });
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby="confirm-units-title">
      <DialogTitle id="confirm-units-title">Validar unidades</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {units.map((unit, index) => {
          const verdict = verdicts[unit.id]!;
          const labelId = `verdict-${unit.id}`;
          return (
            <Box
              key={unit.id}
              component="section"
              aria-label={`Unidad ${unit.vinNumber}`}
              sx={{ display: 'grid', gap: 1 }}
            >
              {index > 0 && <Divider />}
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Typography sx={{ fontFamily: 'monospace' }}>{unit.vinNumber}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${unit.brandName} ${unit.description}`}
                </Typography>
                <Box sx={{ flex: 1 }} />
                <Button size="small" onClick={() => onEvidence(unit)}>
                  {`Ver evidencias (${unit.evidenceCount})`}
                </Button>
              </Box>
              <FormControl>
                <FormLabel id={labelId}>{REFINANCING_MESSAGES.evidencesQuestion}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={labelId}
                  value={verdict.status === 0 ? '' : String(verdict.status)}
                  onChange={(e) => set(unit.id, { status: Number(e.target.value) as 1 | 2 })}
                >
                  <FormControlLabel value="1" control={<Radio />} label="Sí" />
                  <FormControlLabel value="2" control={<Radio />} label="No" />
                </RadioGroup>
              </FormControl>
              {verdict.status === 2 && (
                <TextField
                  label="Comentario"
                  required
                  multiline
                  minRows={2}
                  value={verdict.comment}
                  onChange={(e) => set(unit.id, { comment: e.target.value })}
                  error={Boolean(errors[unit.id])}
                  helperText={errors[unit.id] || undefined}
                  slotProps={{ htmlInput: { maxLength: 250, 'aria-label': `Comentario ${unit.vinNumber}` } }}
                />
              )}
            </Box>
          );
        })}
        {problem && (
          <Typography color="error" role="alert">
            {problem}
          </Typography>
        )}
      </DialogContent>
      <DialogButtons label="Guardar" busy={busy} onCancel={onCancel} onConfirm={submit} />
    </Dialog>
  );
}
