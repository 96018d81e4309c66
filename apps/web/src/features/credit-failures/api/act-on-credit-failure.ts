import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { creditFailureKeys } from './get-credit-failures';

/** Reintentar, Insertar and Remover (spec 2 §4, §7). */
export type CreditFailureAction = 'retry' | 'insert' | 'remove';

type Outcome = { id: number; status: string; creditNumber: string | null };

export async function actOnCreditFailure(id: number, action: CreditFailureAction): Promise<{ message?: string }> {
  const call =
    action === 'retry'
      ? api.patch<Outcome>(`/api/credits-failures/${id}/retryInsertion`, { retry: true })
      : action === 'remove'
        ? api.patch<Outcome>(`/api/credits-failures/${id}/archive`, { archive: true })
        : api.post<Outcome>(`/api/credits-failures/${id}/insertUnit`);
  const { message } = await call;
  return { message };
}

export function useActOnCreditFailure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: CreditFailureAction }) => actOnCreditFailure(id, action),
    // Whatever the outcome, the row may have changed (a failed Insertar counts an attempt): reload the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditFailureKeys.lists }),
  });
}
