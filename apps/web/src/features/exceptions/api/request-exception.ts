import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ExceptionRequestInput = { comment: string; evidence: File | null };

/** The spec's exception type default (spec 1 §3: "type (default 1)"). */
const DEFAULT_EXCEPTION_TYPE = 1;

/**
 * POST /api/exceptions, multipart: comment, type and the evidence file (spec 1 §3, §7: "path not shown", ours).
 * The server takes account, company and registerBy from the session. The endpoint arrives with the exceptions
 * issue; until then the API answers 404 and the dialog shows that failure.
 */
export async function requestException({ comment, evidence }: ExceptionRequestInput): Promise<{ message?: string }> {
  const form = new FormData();
  form.append('comment', comment);
  form.append('type', String(DEFAULT_EXCEPTION_TYPE));
  if (evidence) form.append('evidence', evidence, evidence.name);
  const { message } = await api.post<unknown>('/api/exceptions', form);
  return { message };
}

export const useRequestException = () => useMutation({ mutationFn: requestException });
