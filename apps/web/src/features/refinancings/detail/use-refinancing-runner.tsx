import { useState } from 'react';
import { ResultDialog, errorResult, type ActionResult } from '../../../components/result-dialog';
import { useRefinancingAction, type RefinancingCall } from './api/refinancing-actions';

/**
 * The one result flow of the detail's actions (spec 3 §8, ARCHITECTURE §7): 'Acción realizada exitosamente' with the
 * server's message, or 'Ocurrió un error' with its message (a refusal, a 409). The page stays and shows the
 * refinancing as the server answered it (decision 049: its next step is usually another user's, on this page).
 */
export function useRefinancingRunner(id: number) {
  const action = useRefinancingAction(id);
  const [result, setResult] = useState<ActionResult | null>(null);

  /** `success`: the text when the server sends none (a download). */
  const run = async (call: RefinancingCall, success?: string): Promise<boolean> => {
    try {
      const answer = await action.mutateAsync(call);
      setResult({ ok: true, message: answer.message ?? success });
      return true;
    } catch (error) {
      setResult(errorResult(error));
      return false;
    }
  };

  /** A refusal the page finds itself ('Seleccione al menos una unidad'), shown like the server's. */
  const refuse = (message: string) => setResult({ ok: false, message });

  const dialog = <ResultDialog result={result} onAccept={() => setResult(null)} />;
  return { run, refuse, dialog, busy: action.isPending };
}

export type RefinancingRunner = ReturnType<typeof useRefinancingRunner>;
