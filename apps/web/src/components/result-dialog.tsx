import { MESSAGES } from '@planpiso/domain';
import { ApiError } from '../lib/api-client';
import { lazyDialog } from './lazy-dialog';
import type { ResultDialogProps } from './result-dialog-view';

/** `title` replaces the standard title where a screen has its own (spec 2 §2: 'Guardado', 'Error'). */
export type ActionResult =
  { ok: true; message?: string; title?: string } | { ok: false; message: string; title?: string };

/**
 * A failed call as a result: the server's Spanish message, or a generic one for anything else (spec 1 §8). An
 * external system's answer follows it (spec 2 §8: 'Ocurrió un error API externa' with what the system said).
 */
export function errorResult(error: unknown): ActionResult {
  if (!(error instanceof ApiError)) return { ok: false, message: MESSAGES.internalError };
  return { ok: false, message: error.detail ? `${error.message}. ${error.detail}` : error.message };
}

/**
 * The last step of every save flow (spec 1 §2.11): 'Acción realizada exitosamente' or 'Ocurrió un error' with
 * the server's message. `onAccept` decides where the user goes (the list on success, stay on failure). Its code loads
 * when it first opens (lazy-dialog.tsx).
 */
export const ResultDialog = lazyDialog<ResultDialogProps>(
  async () => (await import('./result-dialog-view')).ResultDialogView,
  (props) => props.result !== null,
);
