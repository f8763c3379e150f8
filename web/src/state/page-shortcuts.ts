import { signal } from '@preact/signals';

/**
 * Shortcuts a page adds itself (the scan desk's, say) while it is shown; the `?` sheet
 * (shortcuts.tsx) lists them under the console's own.
 */
export const pageShortcuts = signal<readonly { keys: string; does: string }[]>([]);
