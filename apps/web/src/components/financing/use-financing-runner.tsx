import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { UseMutationResult } from '@tanstack/react-query';
import { ResultDialog, errorResult, type ActionResult } from '../result-dialog';

/** One call of a financing operation's page: the operation's id in, the server's answer (and message) out. */
export type FinancingCall<Answer extends { message?: string }> = (id: number) => Promise<Answer>;

export type RunOptions = {
  /** The result dialog's text when the server sends none (a download; the spec's success messages). */
  success?: string;
  /** Back to the page's list once the result is accepted (a move of a provision, spec 3 §2); else the page stays. */
  leaves?: boolean;
};

/**
 * The one result flow of a provision's follow-up and a refinancing's detail (spec 3 §8, ARCHITECTURE §7): 'Acción
 * realizada exitosamente' with the server's message, or 'Ocurrió un error' with its message (a refusal, a 409); the
 * page reads the operation again either way (the mutation's own settle). `listPath`: where a run that `leaves` goes.
 */
export function useFinancingRunner<Answer extends { message?: string }>(
  action: UseMutationResult<Answer, unknown, FinancingCall<Answer>>,
  listPath?: string,
) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<{ result: ActionResult; leaves: boolean } | null>(null);

  const run = async (call: FinancingCall<Answer>, options: RunOptions = {}): Promise<boolean> => {
    try {
      const answer = await action.mutateAsync(call);
      setOutcome({ result: { ok: true, message: answer.message ?? options.success }, leaves: options.leaves ?? false });
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
        const leave = outcome?.result.ok === true && outcome.leaves && listPath !== undefined;
        setOutcome(null);
        if (leave) void navigate(listPath);
      }}
    />
  );
  return { run, refuse, dialog, busy: action.isPending };
}

export type FinancingRunner<Answer extends { message?: string }> = ReturnType<typeof useFinancingRunner<Answer>>;
