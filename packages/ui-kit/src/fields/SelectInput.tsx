import { Dropdown, type DropdownChangeEvent } from 'primereact/dropdown';
import { useRef, type KeyboardEvent } from 'react';
import type { ReferenceOption } from '../master-data/references';

export interface SelectInputProps {
  id: string;
  value: unknown;
  options: readonly ReferenceOption[];
  onChange: (value: unknown) => void;
  disabled?: boolean;
  invalid?: boolean;
  placeholder?: string;
  showClear?: boolean;
  /** The name said by a screen reader when no visible label points at the input (a grid's cell). */
  ariaLabel?: string;
  /** Enter on the closed list, or a choice made with Enter: move on (a grid's next cell). */
  onEnter?: () => void;
  className?: string;
  testId?: string;
}

/**
 * The one picker of the kit (stores, units, items' references, enums; issue 12 item 4): typing on the closed
 * list opens it with what was typed in its filter, so the 11th store is a few letters away, not 11 arrow
 * presses; Alt+Down opens it too; Enter on the closed list never opens it: it moves on, as the grid's hint says.
 */
export function SelectInput({
  id,
  value,
  options,
  onChange,
  disabled,
  invalid,
  placeholder,
  showClear,
  ariaLabel,
  onEnter,
  className,
  testId,
}: SelectInputProps) {
  const ref = useRef<Dropdown>(null);
  const open = useRef(false);
  const typed = useRef('');
  const pickedByEnter = useRef(false);

  /** What was typed on the closed list goes into its filter, once the filter is there; the filter takes the focus. */
  const flush = () => {
    const filter = ref.current?.getOverlay()?.querySelector<HTMLInputElement>('input.p-dropdown-filter');
    if (!filter || !typed.current) return;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(filter, filter.value + typed.current);
    typed.current = '';
    filter.dispatchEvent(new Event('input', { bubbles: true }));
    filter.focus();
  };

  const onKeyDownCapture = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (disabled || e.target !== ref.current?.getFocusInput()) return;
    if ((e.key === 'Enter' || e.key === 'NumpadEnter') && !open.current) {
      e.preventDefault();
      e.stopPropagation();
      onEnter?.();
      return;
    }
    // a space starts nothing (PrimeReact opens the list with it) but belongs to a word being typed
    const printable = e.key.length === 1 && (e.key !== ' ' || typed.current !== '' || open.current);
    if (printable && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // until the filter has the focus, every key is kept for it: none is lost while the list opens
      e.preventDefault();
      e.stopPropagation();
      typed.current += e.key;
      if (open.current) flush();
      else ref.current?.show();
    }
  };

  const onShow = () => {
    open.current = true;
    // Enter in the filter with no option marked picks the first one left: type a few letters, Enter
    ref.current?.getOverlay()?.addEventListener('keydown', onPanelKeyDown, true);
    flush();
  };

  const onPanelKeyDown = (e: globalThis.KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== 'NumpadEnter') return;
    const panel = e.currentTarget as HTMLElement;
    if (panel.querySelector('.p-dropdown-item.p-focus')) return;
    const first = panel.querySelector<HTMLElement>('li.p-dropdown-item:not(.p-disabled)');
    if (!first) return;
    e.preventDefault();
    e.stopPropagation();
    pickedByEnter.current = true;
    first.click();
  };

  return (
    <span className="erp-select" onKeyDownCapture={onKeyDownCapture}>
      <Dropdown
        ref={ref}
        inputId={id}
        value={value ?? null}
        options={[...options]}
        filter
        resetFilterOnHide
        showClear={showClear}
        placeholder={placeholder}
        // the focusable input takes aria-* props (PrimeReact's `ariaLabel` names only the arrow)
        aria-label={ariaLabel}
        disabled={disabled}
        invalid={invalid}
        className={className}
        data-testid={testId}
        onShow={onShow}
        onHide={() => {
          open.current = false;
          typed.current = '';
        }}
        onChange={(e: DropdownChangeEvent) => {
          onChange(e.value ?? null);
          const byEnter =
            pickedByEnter.current || (e.originalEvent as { key?: string } | undefined)?.key === 'Enter';
          pickedByEnter.current = false;
          if (byEnter) onEnter?.();
        }}
      />
    </span>
  );
}
