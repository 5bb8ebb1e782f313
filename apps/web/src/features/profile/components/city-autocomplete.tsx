import type { Place } from '@spotlist/contracts';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { useCitySearch } from '../api/search-cities';

/** Keystrokes within this time make one search. */
export const CITY_SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface CityAutocompleteProps {
  label: string;
  /** The text in the field (a picked city's name, or what was typed). */
  value: string;
  onType: (text: string) => void;
  onPick: (place: Place) => void;
  onBlur?: () => void;
  /** ISO alpha-2 code of the chosen country; without one the field is disabled (SPEC §5). */
  country: string | null;
  errorText?: string;
  helperText?: string;
}

/**
 * A city field with suggestions from GET /api/city/search, restricted to `country` (SPEC §5),
 * debounced. ARIA combobox: a native input with a listbox; arrows move, Enter picks, Escape
 * closes. Typing without picking keeps the typed text (a village missing from the list).
 */
export function CityAutocomplete({ label, value, onType, onPick, onBlur, country, errorText, helperText }: CityAutocompleteProps) {
  const { t } = useTranslation();
  const id = useId();
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(typing ? value : '', CITY_SEARCH_DEBOUNCE_MS);
  // Search only once the text has rested, and only while typing: the text of an earlier pick
  // (perhaps in another country) is never searched again.
  const query = typing && debounced === value ? value : '';
  const search = useCitySearch(query, country);
  // meanwhile the previous answer stays (no flicker), as long as it is for this country
  const places = typing && value.trim() !== '' ? (search.data ?? []).filter((p) => p.country.toUpperCase() === country?.toUpperCase()) : [];
  const open = places.length > 0;
  const disabled = country === null;
  const describedBy = [errorText && `${id}-error`, (helperText || disabled) && `${id}-hint`].filter(Boolean).join(' ') || undefined;

  const pick = (place: Place) => {
    setTyping(false);
    setActive(-1);
    onPick(place);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && open) {
      e.preventDefault();
      setActive((i) => (i + 1) % places.length);
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? places.length - 1 : i - 1));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      pick(places[active]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setTyping(false);
    }
  };

  let status: string | null = null;
  if (query.trim() !== '' && !search.isFetching && !search.isPlaceholderData) {
    if (search.isError) status = t('CITY.SEARCH_FAILED');
    else if (search.data?.length === 0) status = t('CITY.NO_RESULTS');
  }

  return (
    <div className="form-field select-field city-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="native-select"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        value={value}
        onChange={(e) => {
          setTyping(true);
          setActive(-1);
          onType(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setTyping(false);
          onBlur?.();
        }}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={label} className="city-options" hidden={!open}>
        {places.map((p, i) => (
          <li
            key={p.placeid}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'city-option city-option-active' : 'city-option'}
            // keep the focus in the input, so its blur does not close the list before the click
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(p)}
          >
            {p.city}
          </li>
        ))}
      </ul>
      {status && (
        <p className="form-hint" role="status">
          {status}
        </p>
      )}
      {(helperText || disabled) && (
        <p className="form-hint" id={`${id}-hint`}>
          {disabled ? t('CITY.CHOOSE_COUNTRY') : helperText}
        </p>
      )}
      {errorText && (
        <p className="field-error" role="alert" id={`${id}-error`}>
          {errorText}
        </p>
      )}
    </div>
  );
}
