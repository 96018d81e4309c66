import type { UnitUnderReview } from '@planpiso/domain';
import { createSelectionStore } from '../../lib/selection-store';

/** The units ticked on /unidades, read by the title bar's 'Crear Nuevo' dialog. */
export const reviewSelection = createSelectionStore<UnitUnderReview>();
export const useReviewSelection = reviewSelection.useSelected;
