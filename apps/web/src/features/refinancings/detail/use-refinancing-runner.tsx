import { useFinancingRunner } from '../../../components/financing/use-financing-runner';
import { useRefinancingAction } from './api/refinancing-actions';

/**
 * The detail's result flow (the financing runner). The page stays and shows the refinancing as the server answered
 * it (decision 049: its next step is usually another user's, on this page).
 */
export function useRefinancingRunner(id: number) {
  return useFinancingRunner(useRefinancingAction(id));
}

export type RefinancingRunner = ReturnType<typeof useRefinancingRunner>;
