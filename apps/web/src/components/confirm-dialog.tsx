import { lazyDialog } from './lazy-dialog';
import type { ConfirmDialogProps } from './confirm-dialog-view';

/**
 * The first step of every save flow (ARCHITECTURE §7): confirm → call → result. Every confirmation has the same
 * shape: an optional title, the question, and Cancelar / Aceptar (no per-screen button words). Its code loads when
 * it first opens (lazy-dialog.tsx).
 */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(
  async () => (await import('./confirm-dialog-view')).ConfirmDialogView,
  (props) => props.open,
);
