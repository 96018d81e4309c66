import { useFinancingRunner } from '../../../components/financing/use-financing-runner';
import { useFollowUpAction } from './api/follow-up-actions';

/**
 * The follow-up page's result flow (the financing runner): a move of the provision goes back to the list once the
 * result is accepted (spec 3 §2 "All create, edit and follow-up screens return to the list /disposiciones ... on
 * success"); an action that keeps the status (a folio, a document, a download) stays on the page, which shows it.
 */
export function useFollowUpRunner(id: number) {
  return useFinancingRunner(useFollowUpAction(id), '/disposiciones');
}

export type FollowUpRunner = ReturnType<typeof useFollowUpRunner>;
