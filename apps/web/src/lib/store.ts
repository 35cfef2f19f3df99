import { useSyncExternalStore } from 'react';

/** A minimal observable store: React components subscribe with a selector. */
export function createStore<S>(initial: S) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(update: Partial<S> | ((s: S) => Partial<S>)) {
      state = { ...state, ...(typeof update === 'function' ? update(state) : update) };
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use<T>(selector: (s: S) => T): T {
      return useSyncExternalStore(this.subscribe, () => selector(state));
    },
  };
}
