import { useNavigate } from 'react-router';
import { REFINANCING_MESSAGES as M, formatCurrencyText, type RefinancingAvailableUnit } from '@planpiso/domain';
import { SelectedUnitsDialog } from '../../components/financing/selected-units-dialog';
import { useRefinancingSelection } from './refinancing-selection';

/**
 * What /refinanciamientos/unidades hands to /crear-refinanciamiento: the ticked units, as GET /api/refinancings/units
 * answered them, in the router state (the mechanism of 'Creación de disposición').
 */
export type RefinancingUnitsState = { refinancingUnits: RefinancingAvailableUnit[] };

/**
 * 'Creación de refinanciamiento' (spec 1 §2.10, spec 3 §2): asks whether to include the ticked units and opens
 * /crear-refinanciamiento with them; with none ticked it only says 'Seleccione al menos una unidad'.
 */
export function CreateRefinancingDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const units = [...useRefinancingSelection().values()];
  return (
    <SelectedUnitsDialog
      id="create-refinancing-title"
      title={M.createDialogTitle}
      question={M.includeSelectedUnits}
      units={units.map((unit) => ({
        id: unit.id,
        vinNumber: unit.vinNumber,
        detail: `${unit.model} · Plazo ${unit.deadlines ?? '-'} · ${formatCurrencyText(unit.amount)}`,
      }))}
      onClose={onClose}
      onAccept={() =>
        void navigate('/crear-refinanciamiento', { state: { refinancingUnits: units } satisfies RefinancingUnitsState })
      }
    />
  );
}
