import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';

type Props = {
  /** The steps' names, in order; the current one also names and heads its section. */
  steps: readonly string[];
  step: number;
  /** The stepper's accessible name ('Pasos de la disposición', …). */
  label: string;
  /** The current step's content. */
  children: ReactNode;
};

/** A wizard's stepper over its current step: a section named and headed by the step's name. */
export function WizardStepper({ steps, step, label, children }: Props) {
  return (
    <>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label={label}>
        {steps.map((name) => (
          <Step key={name}>
            <StepLabel>{name}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box component="section" aria-label={steps[step]} sx={{ minHeight: 240 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 2 }}>
          {steps[step]}
        </Typography>
        {children}
      </Box>
    </>
  );
}
