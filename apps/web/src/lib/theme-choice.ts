import { useSyncExternalStore } from 'react';

export type ThemeMode = 'light' | 'dark';
/** What a person picks in the user menu; `system` follows the operating system's preference. */
export type ThemeChoice = ThemeMode | 'system';
export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

const STORAGE_KEY = 'kassa.theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const readChoice = (): ThemeChoice => {
  const stored = localStorage.getItem(STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
};

/** Remembers the choice in this browser (not per user: the sign-in page follows it too). */
export const setThemeChoice = (choice: ThemeChoice) => {
  if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, choice);
  notify();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const query = darkQuery();
  query.addEventListener('change', listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', listener);
    window.removeEventListener('storage', listener);
  };
};

const snapshot = () => `${readChoice()}:${darkQuery().matches ? 'dark' : 'light'}`;

/** The chosen theme and the mode it resolves to now. */
export const useTheme = (): { choice: ThemeChoice; mode: ThemeMode } => {
  const [choice, system] = useSyncExternalStore(subscribe, snapshot).split(':') as [ThemeChoice, ThemeMode];
  return { choice, mode: choice === 'system' ? system : choice };
};

const reducedMotionQuery = () => window.matchMedia('(prefers-reduced-motion: reduce)');
const subscribeReducedMotion = (listener: () => void) => {
  const query = reducedMotionQuery();
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

/** True when the person asked the system for less motion: the component library then animates nothing. */
export const usePrefersReducedMotion = () =>
  useSyncExternalStore(subscribeReducedMotion, () => reducedMotionQuery().matches);
