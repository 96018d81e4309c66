import { useMutation } from '@tanstack/react-query';
import { DEFAULT_EXCEPTION_TYPE, EXCEPTION_OPERATIONS, pathOf, type ExceptionResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';

export type ExceptionRequestInput = { comment: string; evidence: File | null; idempotencyKey: string };

/**
 * POST /api/exceptions, multipart: comment, type (spec 3 §3: default 1) and the evidence file (spec 3 §7). The
 * server takes account, company and registerBy from the session and answers the folio in its message. The
 * dialog keeps one Idempotency-Key while it is open, so a retry after a lost answer does not ask twice.
 */
export async function requestException({
  comment,
  evidence,
  idempotencyKey,
}: ExceptionRequestInput): Promise<{ data: ExceptionResponse; message?: string }> {
  const form = new FormData();
  form.append('comment', comment);
  form.append('type', String(DEFAULT_EXCEPTION_TYPE));
  if (evidence) form.append('evidence', evidence, evidence.name);
  return api.post<ExceptionResponse>(pathOf(EXCEPTION_OPERATIONS.requestException), form, { idempotencyKey });
}

export const useRequestException = () => useMutation({ mutationFn: requestException });
