import { useSyncExternalStore } from 'react';
import type { UnitUnderReview } from '@planpiso/domain';

/**
 * The units ticked on /unidades (spec 3 §3: `check`, a local flag), kept across pages and read by the title bar's
 * 'Crear Nuevo' dialog, which lives in the shell outside the screen. Cleared when the screen mounts.
 */
let selected = new Map<number, UnitUnderReview>();
const listeners = new Set<() => void>();

function emit(next: Map<number, UnitUnderReview>) {
  selected = next;
  for (const listener of listeners) listener();
}

export const reviewSelection = {
  toggle(unit: UnitUnderReview, checked: boolean) {
    const next = new Map(selected);
    if (checked) next.set(unit.id, unit);
    else next.delete(unit.id);
    emit(next);
  },
  remove(id: number) {
    if (!selected.has(id)) return;
    const next = new Map(selected);
    next.delete(id);
    emit(next);
  },
  clear() {
    if (selected.size > 0) emit(new Map());
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useReviewSelection = () => useSyncExternalStore(subscribe, () => selected);
