import { useState } from 'react';
import type { Standard } from '@um/contract';
import { SelectField } from '../../../components/ui/Field';
import { standardLabeller } from '../standard-names';

export interface StandardFilterProps {
  standards: Standard[];
  /** The standard the list shows, or null for all. */
  value: number | null;
  onChange: (standard: number | null) => void;
}

/** Which standard's students the list shows, or all of them. */
export function StandardFilter({ standards, value, onChange }: StandardFilterProps) {
  // The address changes in a transition, after the select has already been redrawn: without a
  // value of its own, a quick second arrow key would start again from the old choice.
  const [selected, setSelected] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setSelected(value);
  }
  // A link may name a standard that is not (or no longer) in the list: keep it selectable.
  const known = selected === null || standards.some((standard) => standard.id === selected);
  const label = standardLabeller(standards);
  return (
    <SelectField
      label="Filter by standard"
      name="standard"
      value={selected ?? ''}
      onChange={(event) => {
        const id = Number.parseInt(event.target.value, 10);
        const next = Number.isNaN(id) ? null : id;
        setSelected(next);
        onChange(next);
      }}
    >
      <option value="">All standards</option>
      {standards.map((standard) => (
        <option key={standard.id} value={standard.id}>
          {label(standard)}
        </option>
      ))}
      {!known && <option value={selected}>Standard {selected}</option>}
    </SelectField>
  );
}
