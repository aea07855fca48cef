import { useEffect, useRef } from 'react';

/**
 * The kit's keyboard shortcuts (issue 12 item 4), one mechanism for forms, documents and the future till:
 * a screen names what it does, the keys are decided here once and said in the form's hint.
 *   save     Ctrl+S (Cmd+S) or F9: saves the form; the browser's own save dialog never opens
 *   addLine  F2: a new line in the lines grid, its first cell focused
 */
export type ShortcutAction = 'save' | 'addLine';

export const SHORTCUT_KEYS: Readonly<Record<ShortcutAction, readonly string[]>> = {
  save: ['Ctrl+S', 'F9'],
  addLine: ['F2'],
};

/** The action a key press means, if any. */
export function shortcutOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') return 'save';
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === 'F9') return 'save';
  if (e.key === 'F2') return 'addLine';
  return null;
}

/**
 * Runs a screen's handlers for the shortcuts while it is shown. The handlers may change every render: the
 * latest ones run. A shortcut the screen does not handle is left to the browser (F2 outside a grid).
 */
export function useShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>, enabled = true): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      const action = shortcutOf(e);
      const handler = action ? latest.current[action] : undefined;
      if (!action || (!handler && action !== 'save')) return;
      // Ctrl+S never opens the browser's save dialog on a form, even when there is nothing to save
      e.preventDefault();
      handler?.();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
