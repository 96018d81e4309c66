import { useSyncExternalStore } from 'react';
import type { RefinancingAvailableUnit } from '@planpiso/domain';

/**
 * The units ticked on /refinanciamientos/unidades (spec 3 §3: `check`, a local flag), kept across pages and read by
 * the title bar's 'Crear Nuevo' dialog, which lives in the shell outside the screen (the mechanism of /unidades'
 * review-selection.ts). Cleared when the screen mounts.
 */
let selected = new Map<number, RefinancingAvailableUnit>();
const listeners = new Set<() => void>();

function emit(next: Map<number, RefinancingAvailableUnit>) {
  selected = next;
  for (const listener of listeners) listener();
}

export const refinancingSelection = {
  toggle(unit: RefinancingAvailableUnit, checked: boolean) {
    const next = new Map(selected);
    if (checked) next.set(unit.id, unit);
    else next.delete(unit.id);
    emit(next);
  },
  /** A unit changed on the server (its term, sold): the ticked copy follows, or leaves when it may no longer stay. */
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

export const useRefinancingSelection = () => useSyncExternalStore(subscribe, () => selected);
