import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { provisionTrackerPosition } from '@planpiso/domain';
import { DetailSection } from '../../../components/detail-section';

/**
 * The 5-step status tracker (spec 3 §4 "Tracker steps"): the steps before the active one are done; a rejected (9)
 * or cancelled (11) provision stops on its relabelled step, shown as an error. The page shows it only to the types
 * the spec gives it to (not 1, 2, 3).
 */
export function FollowUpTracker({ status }: { status: number }) {
  const position = provisionTrackerPosition(status);
  return (
    <DetailSection id="tracker-title" title="Estatus de la disposición">
      <Stepper activeStep={position.step} alternativeLabel aria-label="Estatus de la disposición">
        {position.labels.map((label, index) => {
          const current = index === position.step;
          // The last step reached is done too (Autorizado is the end), unless the provision stopped there.
          const completed = index < position.step || (current && !position.stopped && index === 4);
          return (
            <Step key={index} completed={completed} aria-current={current ? 'step' : undefined}>
              <StepLabel error={current && position.stopped}>{label}</StepLabel>
            </Step>
          );
        })}
      </Stepper>
    </DetailSection>
  );
}
