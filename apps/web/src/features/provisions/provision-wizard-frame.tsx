import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PROVISION_WIZARD_MESSAGES as M } from '@planpiso/domain';
import { WizardStepper } from '../../components/wizard-stepper';
import type { SaveMode } from './api/provision-wizard';

const WIZARD_STEPS = [M.stepCompany, M.stepCsv, M.stepUnits, M.stepSummary] as const;
const LAST = WIZARD_STEPS.length - 1;

/** Outside the operating hours the form is not offered at all: the server's message and the way back. */
export function OperatingClosed({ message, onBack }: { message: string | null; onBack: () => void }) {
  return (
    <Paper
      component="section"
      aria-label="Disposición"
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth: 1180 }}
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Button variant="contained" onClick={onBack}>
        Regresar a disposiciones
      </Button>
    </Paper>
  );
}

type SectionsProps = {
  /** Edit and review mode: the sections on one page, no stepper. */
  onePage: boolean;
  review: boolean;
  edited: boolean;
  step: number;
  sections: Record<number, ReactNode>;
};

/** The wizard's body: the stepper and its current step, or every section on one page (review: company and units). */
export function WizardSections({ onePage, review, edited, step, sections }: SectionsProps) {
  if (onePage) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {(review ? [0, 2] : [0, 1, 2]).map((index, i) => (
          <Box component="section" key={index} aria-label={WIZARD_STEPS[index]}>
            {i > 0 && <Divider sx={{ mb: 3 }} />}
            <Typography variant="h6" component={edited ? 'h3' : 'h2'} sx={{ fontSize: 17, mb: 2 }}>
              {WIZARD_STEPS[index]}
            </Typography>
            {sections[index]}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <WizardStepper steps={WIZARD_STEPS} step={step} label="Pasos de la disposición">
      {sections[step]}
    </WizardStepper>
  );
}

type ButtonsProps = {
  mode: 'wizard' | 'review' | 'edit';
  step: number;
  running: boolean;
  onBack: () => void;
  onCancel: () => void;
  onNext: () => void;
  onSubmit: (mode: SaveMode | 'update') => void;
};

/** The form's buttons: Regresar and Siguiente through the steps; on the last step (and in review), the two saves. */
export function WizardButtons({ mode, step, running, onBack, onCancel, onNext, onSubmit }: ButtonsProps) {
  const saves = (save: SaveMode) => (
    <>
      <Button variant="outlined" onClick={() => onSubmit(save)} disabled={running}>
        Guardar
      </Button>
      <Button variant="contained" onClick={() => onSubmit('saveAndSend')} disabled={running}>
        Guardar y enviar
      </Button>
    </>
  );
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, mt: 3 }}>
      {mode === 'wizard' ? (
        <Button disabled={step === 0} onClick={onBack}>
          Regresar
        </Button>
      ) : (
        <span />
      )}
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <Button onClick={onCancel}>Cancelar</Button>
        {mode === 'edit' ? (
          <Button variant="contained" onClick={() => onSubmit('update')} disabled={running}>
            Guardar
          </Button>
        ) : mode === 'review' ? (
          // Review mode starts on the last step (spec 3 §2), whose buttons are Guardar and save-and-send; the
          // latter is the wizard's create-send, with reviewUnits (spec 3 §3).
          saves('review')
        ) : step < LAST ? (
          <Button variant="contained" onClick={onNext}>
            Siguiente
          </Button>
        ) : (
          saves('save')
        )}
      </Box>
    </Box>
  );
}
