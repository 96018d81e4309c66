import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditFailureAction } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { creditFailureKeys } from './get-credit-failures';

type Outcome = { id: number; status: string; creditNumber: string | null; version: number };
type Act = { id: number; action: CreditFailureAction; version: number };

/**
 * Reintentar, Insertar and Remover (spec 2 §4, §7), each from the version the list showed: a row someone acted on
 * first answers 409 with the server's message (docs/decisions/016).
 */
export async function actOnCreditFailure({ id, action, version }: Act): Promise<{ message?: string }> {
  const call =
    action === 'retry'
      ? api.patch<Outcome>(`/api/credits-failures/${id}/retryInsertion`, { retry: true, version })
      : action === 'archive'
        ? api.patch<Outcome>(`/api/credits-failures/${id}/archive`, { archive: true, version })
        : api.post<Outcome>(`/api/credits-failures/${id}/insertUnit`, { version });
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
