import { useEffect, useEffectEvent, useState } from 'react';
import type { Ref } from 'react';
import { LIMITS } from '@um/contract';
import { Field } from './Field';

const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** The box's label, naming what it searches ("Search students"). */
  label: string;
  /** Where the words are looked for ("Name, email or roll number"). */
  placeholder: string;
  /** The search in effect (from the address). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (q: string) => void;
  /** The input, which "/" focuses on a list screen (useListScreen's `searchBox`). */
  inputRef?: Ref<HTMLInputElement>;
  /** Whether "/" goes to the box: on list screens, not on a screen with a search of its own. */
  slashFocuses?: boolean;
}

/**
 * A list screen's search box (students, messages, the bin), which asks the server only once
 * typing pauses, not on every key.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  inputRef,
  slashFocuses = true,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // The search changed from outside (back button, a link): show it.
  if (value !== applied) {
    setApplied(value);
    if (value !== text.trim()) setText(value);
  }

  const search = useEffectEvent(onSearch);
  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = window.setTimeout(() => search(q), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  return (
    <Field
      ref={inputRef}
      label={label}
      type="search"
      name="q"
      autoComplete="off"
      placeholder={placeholder}
      // "/" focuses it (useListScreen); assistive technology can say so.
      aria-keyshortcuts={slashFocuses ? '/' : undefined}
      maxLength={LIMITS.searchMax}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
