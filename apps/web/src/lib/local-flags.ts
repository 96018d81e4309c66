import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@planpiso/domain';

/**
 * The dealer's local flags (spec 3 §9 "createDisabled and exceptionDisabled control whether a dealer may create a
 * provision or request an exception", spec 1 §2.10; decision 031). A flag is set when its stored value is set (present
 * and not 'false': the legacy app stored booleans as strings) or when the screen that knows better — the provisions
 * list, from the operating window and the eligibility answer — derives it. Derived values live in memory only: they
 * describe now, and must not outlive the page that computed them.
 */
export type LocalFlag = 'exceptionDisabled' | 'createDisabled';

let derived: Readonly<Record<LocalFlag, boolean>> = { exceptionDisabled: false, createDisabled: false };
const listeners = new Set<() => void>();

/** The flag as stored in the browser (what an administrator or an older screen may have set). */
export function storedFlag(flag: LocalFlag): boolean {
  const value = localStorage.getItem(STORAGE_KEYS[flag]);
  return value !== null && value !== 'false';
}

/** Stored or derived: the button it governs is disabled. */
export const localFlag = (flag: LocalFlag): boolean => storedFlag(flag) || derived[flag];

/** The provisions list publishes what it derived; `null` forgets it (the list was left). */
export function setDerivedFlags(flags: Readonly<Record<LocalFlag, boolean>> | null): void {
  const next = flags ?? { exceptionDisabled: false, createDisabled: false };
  if (next.exceptionDisabled === derived.exceptionDisabled && next.createDisabled === derived.createDisabled) return;
  derived = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** A component that shows a flag's button re-renders when the flag changes. */
export const useLocalFlag = (flag: LocalFlag | undefined): boolean =>
  useSyncExternalStore(subscribe, () => (flag ? localFlag(flag) : false));
