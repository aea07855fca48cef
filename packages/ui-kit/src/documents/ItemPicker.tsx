import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { items as itemsEntity } from '@erp/contracts';
import { SEARCH_DELAY_MS } from '../master-data/server-list';
import { nameOf } from '../master-data/form-model';
import { useFeature } from '../feature';
import type { CatalogItem, ItemMatch } from './items';

export interface ItemPickerProps {
  id: string;
  item: CatalogItem | undefined;
  /** The line's item id (its record may still be loading). */
  value: string | null;
  /** The item's 'code · name' when its record is not (or not yet) loaded. */
  knownName?: string | undefined;
  disabled: boolean;
  invalid: boolean;
  onPick: (match: ItemMatch) => void;
  /** Move to the next cell (Enter on an item already chosen). */
  onNext: () => void;
  /** The cell's name for screen readers ('Item, line 1'). */
  ariaLabel?: string;
}

const SUGGESTIONS = 15;

/**
 * The item cell of a document line, keyboard-first: type a code, a barcode (a unit's barcode picks that
 * unit) or part of a name. Enter resolves what was typed at once: the barcode lookup
 * (GET /api/Items/barcode/:barcode), else the search (GET /api/Items?search=), taking the item whose code is
 * exactly the text or the only one found; several found are offered. Typing pauses offer suggestions too
 * (spec section 9's one-second delay); arrows move through them, Enter or a click picks, Escape closes.
 */
export function ItemPicker({
  id,
  item,
  value,
  knownName,
  disabled,
  invalid,
  onPick,
  onNext,
  ariaLabel,
}: ItemPickerProps) {
  const { api, language } = useFeature();
  const { t } = useTranslation('ui');
  const shown = item ? `${item.code} · ${nameOf(item, language)}` : value ? (knownName ?? value) : '';
  const [text, setText] = useState(shown);
  const [typing, setTyping] = useState(false);
  const [suggestions, setSuggestions] = useState<CatalogItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [notFound, setNotFound] = useState(false);
  const [busy, setBusy] = useState(false);
  const request = useRef(0);

  // the chosen item's code and name, unless the user is typing over them
  useEffect(() => {
    if (!typing) setText(shown);
  }, [shown, typing]);

  // suggestions after a pause in typing
  useEffect(() => {
    if (!typing) return;
    const term = text.trim();
    if (term.length === 0) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    const timer = setTimeout(() => void suggest(term, false), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, typing]);

  async function search(term: string): Promise<CatalogItem[]> {
    const page = await api.get<{ items: CatalogItem[] }>(itemsEntity.apiPath, undefined, {
      query: { search: term, pageSize: SUGGESTIONS },
      quiet: true,
    });
    return page.items;
  }

  async function suggest(term: string, highlightFirst: boolean) {
    const mine = ++request.current;
    try {
      const found = await search(term);
      if (mine !== request.current) return;
      setSuggestions(found);
      setOpen(true);
      setActive(highlightFirst && found.length ? 0 : -1);
      setNotFound(found.length === 0);
    } catch {
      // a refused search offers nothing; Enter still tries the barcode
    }
  }

  function pick(match: ItemMatch) {
    // ends any lookup still running, the one that found this match included: it is no longer busy
    request.current++;
    setBusy(false);
    setTyping(false);
    setOpen(false);
    setSuggestions([]);
    setNotFound(false);
    onPick(match);
    onNext();
  }

  /** Enter on typed text: the barcode first (it names a unit), then the exact code, then the only match. */
  async function resolve(term: string) {
    const mine = ++request.current;
    setBusy(true);
    try {
      const byBarcode = await api
        .get<{ item: CatalogItem; unitId: string }>(
          `${itemsEntity.apiPath}/barcode/${encodeURIComponent(term)}`,
          undefined,
          { quiet: true },
        )
        .catch(() => null);
      if (mine !== request.current) return;
      if (byBarcode) return pick({ item: byBarcode.item, unitId: byBarcode.unitId });
      const found = await search(term).catch(() => [] as CatalogItem[]);
      if (mine !== request.current) return;
      const exact = found.filter((i) => i.code === term || i.barcode === term);
      const only = exact.length === 1 ? exact[0] : found.length === 1 ? found[0] : undefined;
      if (only) return pick({ item: only, unitId: only.mainUnitId ?? null });
      setSuggestions(found);
      setOpen(found.length > 0);
      setActive(found.length ? 0 : -1);
      setNotFound(found.length === 0);
    } finally {
      if (mine === request.current) setBusy(false);
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && open) {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, suggestions.length - 1));
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = open && active >= 0 ? suggestions[active] : undefined;
      if (chosen) return pick({ item: chosen, unitId: chosen.mainUnitId ?? null });
      const term = text.trim();
      if (!typing || term === '' || term === shown) return onNext();
      void resolve(term);
    }
  };

  const listId = `${id}-suggestions`;
  return (
    <div className="erp-lines__picker">
      <InputText
        id={id}
        value={text}
        disabled={disabled}
        invalid={invalid || notFound}
        role="combobox"
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-busy={busy}
        autoComplete="off"
        placeholder={t('lines.itemPlaceholder')}
        data-testid="item-picker"
        onFocus={(e) => e.target.select()}
        onChange={(e) => {
          setTyping(true);
          setNotFound(false);
          setText(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          if (typing && text.trim() === '') setTyping(false);
        }}
      />
      {open ? (
        <ul className="erp-lines__suggestions" role="listbox" id={listId} data-testid="item-suggestions">
          {suggestions.map((s, i) => (
            <li
              key={s.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input's blur would close the list first
              onMouseDown={(e) => {
                e.preventDefault();
                pick({ item: s, unitId: s.mainUnitId ?? null });
              }}
            >
              <span className="erp-lines__code">{s.code}</span>
              <span>{nameOf(s, language)}</span>
              <span className="erp-lines__code">{s.barcode}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {notFound ? (
        <small className="p-error erp-lines__error" role="alert" data-testid="item-not-found">
          {t('lines.itemNotFound')}
        </small>
      ) : null}
    </div>
  );
}
