import type { APIOptions } from 'primereact/api';

/**
 * PrimeReact's pass-through options the shell and every feature app mount with (issue 12 item 8, axe): a
 * dropdown's arrow is a second, nameless 'button' for the mouse beside the named, focusable input, and its
 * hidden native select mirrors the choice for forms; both are hidden from assistive technology, which reads
 * the input (named by its label or `ariaLabel`). A chips field (a list of values typed in) is a plain list of
 * items with its input as the last one: PrimeReact's listbox has no option while empty and an input inside it.
 */
export const PRIME_OPTIONS: Partial<APIOptions> = {
  ripple: true,
  pt: {
    dropdown: {
      trigger: { 'aria-hidden': true },
      select: { 'aria-hidden': true, tabIndex: -1 },
    },
    chips: {
      container: { role: 'list', 'aria-orientation': undefined },
      token: { role: 'listitem', 'aria-selected': undefined },
      inputToken: { role: 'listitem' },
    } as object,
  },
};
