import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { type LiveState, LiveStore } from './store';

/** The one live store of the page; the socket fills it, components read it with selectors. */
export const liveStore = new LiveStore();

const same = <T>(a: T, b: T) => Object.is(a, b);

/**
 * Subscribes to the live store through a selector. The selector runs again only when the store
 * changed, and the component re-renders only when `isEqual` says the selected value differs.
 */
export const useLiveSelector = <T>(
  selector: (state: LiveState) => T,
  isEqual: (a: T, b: T) => boolean = same,
  store: LiveStore = liveStore,
): T => {
  const cache = useRef<{ state: LiveState; selector: (state: LiveState) => T; value: T } | null>(
    null,
  );
  const getSnapshot = useCallback(() => {
    const state = store.getState();
    const cached = cache.current;
    if (cached && cached.state === state && cached.selector === selector) return cached.value;
    const next = selector(state);
    const value = cached && isEqual(cached.value, next) ? cached.value : next;
    cache.current = { state, selector, value };
    return value;
  }, [store, selector, isEqual]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
};

export const useDevice = (id: number | undefined): Device | undefined =>
  useLiveSelector(
    useCallback((state: LiveState) => (id ? state.devices.get(id) : undefined), [id]),
  );

export const usePosition = (id: number | undefined): Position | undefined =>
  useLiveSelector(
    useCallback((state: LiveState) => (id ? state.positions.get(id) : undefined), [id]),
  );
