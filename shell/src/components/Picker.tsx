import type { Dropdown } from 'primereact/dropdown';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  lang?: string;
}

interface PickerProps {
  value: string | null;
  options: readonly PickerOption[];
  onChange: (value: string) => void;
  ariaLabel: string;
  testId: string;
  inputId?: string;
  className?: string;
  disabled?: boolean;
  itemTemplate?: (option: PickerOption) => ReactNode;
}

// PrimeReact's Dropdown (with its virtual scroller, overlay and tooltip) is ~25 KB gz: it is fetched once the
// first picker has painted and the browser is idle (or sooner, when a picker is hovered, focused or opened),
// not for the first paint of the login form or the navbar (issue 3).
let loaded: typeof import('primereact/dropdown') | undefined;
let dropdown: Promise<typeof import('primereact/dropdown')> | undefined;
const loadDropdown = () => {
  dropdown ??= import(/* webpackChunkName: "dropdown" */ 'primereact/dropdown').then(
    (m) => {
      loaded = m;
      return m;
    },
    (error: unknown) => {
      dropdown = undefined; // tried again on the next hover or click
      throw error;
    },
  );
  return dropdown;
};

function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}

/**
 * A one-choice picker (language, branch, fiscal year): PrimeReact's Dropdown, shown until it has loaded as a
 * look-alike of its closed state that carries the same test id, label and value. Opening the look-alike fetches
 * the Dropdown and opens it.
 */
export function Picker(props: PickerProps) {
  // once the Dropdown is here, every picker is the real one (the look-alike is only for the first moments); it
  // arrives as a state update, not through Suspense (`loadable` in the UI kit says why)
  const [dropdownModule, setDropdownModule] = useState(loaded);
  // opened before the Dropdown arrived: fetched at once instead of when idle
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (dropdownModule) return;
    let live = true;
    const get = () =>
      void loadDropdown().then(
        (m) => live && setDropdownModule(m),
        () => undefined,
      );
    const cancel = opened ? (get(), () => undefined) : whenIdle(get);
    return () => {
      live = false;
      cancel();
    };
  }, [dropdownModule, opened]);
  // the look-alike was opened before the Dropdown arrived: open the Dropdown once it is mounted and laid out,
  // the way a click does (PrimeReact then aligns its panel under the picker and binds its outside-click listener)
  const openWhenMounted = useRef(false);
  const attached = useCallback((instance: Dropdown | null) => {
    if (!instance || !openWhenMounted.current) return;
    openWhenMounted.current = false;
    requestAnimationFrame(() => instance.getElement()?.click());
  }, []);

  if (!dropdownModule)
    return (
      <ClosedPicker
        {...props}
        onOpen={() => {
          openWhenMounted.current = true;
          setOpened(true);
        }}
      />
    );
  const { Dropdown: Loaded } = dropdownModule;
  return (
    <Loaded
      ref={attached}
      inputId={props.inputId}
      aria-label={props.ariaLabel}
      className={props.className}
      value={props.value}
      options={props.options as PickerOption[]}
      optionLabel="label"
      optionValue="value"
      itemTemplate={props.itemTemplate}
      onChange={(e) => props.onChange(e.value as string)}
      disabled={props.disabled}
      pt={{ root: { 'data-testid': props.testId } as object }}
    />
  );
}

/**
 * The Dropdown's closed look (PrimeReact's own classes), focusable and opened by click, Enter, Space or ↓; hovering
 * or focusing it starts fetching the Dropdown.
 */
function ClosedPicker({
  value,
  options,
  ariaLabel,
  testId,
  className,
  disabled,
  onOpen,
}: PickerProps & { onOpen: () => void }) {
  const label = options.find((o) => o.value === value)?.label ?? '';
  const open = () => {
    if (!disabled) onOpen();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      open();
    }
  };
  return (
    <div
      className={[
        'p-dropdown p-component p-inputwrapper',
        label ? 'p-inputwrapper-filled' : '',
        disabled ? 'p-disabled' : '',
        className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-testid={testId}
      role="combobox"
      aria-label={ariaLabel}
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : 0}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <span className="p-dropdown-label p-inputtext">{label || '\u00a0'}</span>
      <div className="p-dropdown-trigger" aria-hidden="true">
        <i className="pi pi-chevron-down p-dropdown-trigger-icon" />
      </div>
    </div>
  );
}
