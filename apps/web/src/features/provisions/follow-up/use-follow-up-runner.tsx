import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ResultDialog, errorResult, type ActionResult } from '../../../components/result-dialog';
import { useFollowUpAction, type FollowUpCall } from './api/follow-up-actions';

type Outcome = { result: ActionResult; leaves: boolean };

export type RunOptions = {
  /** The result dialog's text when the server sends none (the spec's success messages). */
  success: string;
  /**
   * A move of the provision goes back to the list once the result is accepted (spec 3 §2 "All create, edit and
   * follow-up screens return to the list /disposiciones ... on success"); an action that keeps the status (a
   * folio, a document, a download) stays on the page, which shows the change.
   */
  leaves: boolean;
};

/**
 * The one result flow of the page's actions (spec 3 §8): 'Acción realizada exitosamente' with the server's message,
 * or 'Ocurrió un error' with its message — a 409 (someone moved the provision first) among them; the page reads the
 * provision again either way.
 */
export function useFollowUpRunner(id: number) {
  const action = useFollowUpAction(id);
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async (call: FollowUpCall, options: RunOptions): Promise<boolean> => {
    try {
      const answer = await action.mutateAsync(call);
      setOutcome({ result: { ok: true, message: answer.message ?? options.success }, leaves: options.leaves });
      return true;
    } catch (error) {
      setOutcome({ result: errorResult(error), leaves: false });
      return false;
    }
  };

  /** A refusal the page finds itself ('Seleccione al menos una unidad'), shown like the server's. */
  const refuse = (message: string) => setOutcome({ result: { ok: false, message }, leaves: false });

  const dialog = (
    <ResultDialog
      result={outcome?.result ?? null}
      onAccept={() => {
        const leave = outcome?.result.ok === true && outcome.leaves;
        setOutcome(null);
        if (leave) void navigate('/disposiciones');
      }}
    />
  );
  return { run, refuse, dialog, busy: action.isPending };
}

export type FollowUpRunner = ReturnType<typeof useFollowUpRunner>;
