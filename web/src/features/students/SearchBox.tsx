import { useEffect, useEffectEvent, useState } from 'react';
import { LIMITS } from '@um/contract';
import { Field } from '../../components/ui/Field';

const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** The search in effect (from the address). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (q: string) => void;
}

/** A search box that asks the server only once typing pauses, not on every key. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
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
      label="Search students"
      type="search"
      name="q"
      autoComplete="off"
      placeholder="Name, email or roll number"
      maxLength={LIMITS.searchMax}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
