import { useNavigate } from 'react-router';
import { FINANCING_MESSAGES, formatCurrencyText, type UnitUnderReview } from '@planpiso/domain';
import { SelectedUnitsDialog } from '../../components/financing/selected-units-dialog';
import { useReviewSelection } from './review-selection';

/**
 * What /unidades hands to the wizard (agreed with its review mode): the chosen units, as GET /api/units/review
 * answered them, in the router state of /crear-disposicion.
 */
export type ReviewUnitsState = { reviewUnits: UnitUnderReview[] };

/**
 * 'Creación de disposición' (spec 3 §2 "Units under review": Crear Nuevo opens CreateProvisions): asks whether to
 * create a provision with the ticked units and opens the wizard in review mode with them; with none ticked it only
 * says 'Seleccione al menos una unidad'.
 */
export function CreateProvisionDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const units = [...useReviewSelection().values()];
  return (
    <SelectedUnitsDialog
      id="create-provision-title"
      title={FINANCING_MESSAGES.createProvisionDialogTitle}
      question={FINANCING_MESSAGES.includeSelectedUnits}
      units={units.map((unit) => ({
        id: unit.id,
        vinNumber: unit.vinNumber,
        detail: `${unit.model} · ${formatCurrencyText(unit.amount)}`,
      }))}
      onClose={onClose}
      onAccept={() => void navigate('/crear-disposicion', { state: { reviewUnits: units } satisfies ReviewUnitsState })}
    />
  );
}
