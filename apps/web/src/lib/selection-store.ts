import { useSyncExternalStore } from 'react';

/**
 * Rows ticked on a list (spec 3 §3: `check`, a local flag), kept across its pages and read by the title bar's
 * 'Crear Nuevo' dialog, which lives in the shell outside the screen. The screen clears it when it mounts.
 */
export function createSelectionStore<Row extends { id: number }>() {
  let selected = new Map<number, Row>();
  const listeners = new Set<() => void>();

  const emit = (next: Map<number, Row>) => {
    selected = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    toggle(row: Row, checked: boolean) {
      const next = new Map(selected);
      if (checked) next.set(row.id, row);
      else next.delete(row.id);
      emit(next);
    },
    /** A row changed on the server: the ticked copy leaves when it may no longer stay. */
    remove(id: number) {
      if (!selected.has(id)) return;
      const next = new Map(selected);
      next.delete(id);
      emit(next);
    },
    clear() {
      if (selected.size > 0) emit(new Map());
    },
    /** The ticked rows, re-rendering on every change. */
    useSelected: () => useSyncExternalStore(subscribe, () => selected),
  };
}
