import type { RefinancingAvailableUnit } from '@planpiso/domain';
import { createSelectionStore } from '../../lib/selection-store';

/** The units ticked on /refinanciamientos/unidades, read by the title bar's 'Creación de refinanciamiento' dialog. */
export const refinancingSelection = createSelectionStore<RefinancingAvailableUnit>();
export const useRefinancingSelection = refinancingSelection.useSelected;
