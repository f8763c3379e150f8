/**
 * Light and dark: the system's choice unless the user picks one (kept in this browser). The choice is
 * an attribute on <html> read by the CSS custom properties of styles/theme.css.
 */
import { signal } from '@preact/signals';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'desk-theme';

const stored = (): ThemeChoice => {
  const value = localStorage.getItem(KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
};

export const theme = signal<ThemeChoice>(stored());

function apply(choice: ThemeChoice): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

export function setTheme(choice: ThemeChoice): void {
  theme.value = choice;
  if (choice === 'system') localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, choice);
  apply(choice);
}

/** Before the first paint (main.tsx), so a dark page never flashes light. */
export const applyStoredTheme = (): void => apply(theme.value);
