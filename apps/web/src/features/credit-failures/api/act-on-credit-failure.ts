import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CREDIT_FAILURE_OPERATIONS, type CreditFailureAction } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { creditFailureKeys } from './get-credit-failures';

type Act = { id: number; action: CreditFailureAction; version: number };

/**
 * Reintentar, Insertar and Remover (spec 2 §4, §7), each from the version the list showed: a row someone acted on
 * first answers 409 with the server's message (docs/decisions/016).
 */
export async function actOnCreditFailure({ id, action, version }: Act): Promise<{ message?: string }> {
  const call =
    action === 'retry'
      ? callOperation(CREDIT_FAILURE_OPERATIONS.retryCreditFailure, { params: { id }, body: { retry: true, version } })
      : action === 'archive'
        ? callOperation(CREDIT_FAILURE_OPERATIONS.archiveCreditFailure, {
            params: { id },
            body: { archive: true, version },
          })
        : callOperation(CREDIT_FAILURE_OPERATIONS.insertCreditFailure, { params: { id }, body: { version } });
  const { message } = await call;
  return { message };
}

export function useActOnCreditFailure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnCreditFailure,
    // Whatever the outcome, the row may have changed (a failed Insertar counts an attempt, someone acted first):
    // reload the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditFailureKeys.lists }),
  });
}
