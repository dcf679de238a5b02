import { useSyncExternalStore } from 'react';
import type { ToastOptions } from './toastOptions';

export interface Toast {
  key: number;
  title: string;
  message: string;
  options: ToastOptions;
  /** What the sound did: a sound name, or 'muted' when the user muted sounds. */
  soundState: string;
}

const MAX_TOASTS = 8;
let toasts: Toast[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

export const toastStore = {
  push(toast: Omit<Toast, 'key'>): number {
    const key = nextKey++;
    toasts = [...toasts, { ...toast, key }].slice(-MAX_TOASTS);
    emit();
    if (toast.options.durationMs !== null) {
      setTimeout(() => toastStore.dismiss(key), toast.options.durationMs);
    }
    return key;
  },
  dismiss(key: number): void {
    if (!toasts.some((toast) => toast.key === key)) return;
    toasts = toasts.filter((toast) => toast.key !== key);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => toasts,
};

export const useToasts = () => useSyncExternalStore(toastStore.subscribe, toastStore.get);
