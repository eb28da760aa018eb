import { appTexts, studentSorts } from '@um/contract';
import type { StudentSort } from '@um/contract';
import { SelectField } from '../../../components/ui/Field';

export interface SortChoiceProps {
  value: StudentSort;
  onChange: (sort: StudentSort) => void;
}

/** The list's order where there are no column headers to press (a phone's cards). */
export function SortChoice({ value, onChange }: SortChoiceProps) {
  return (
    <SelectField
      label={appTexts.students.sortBy}
      name="sort"
      value={value}
      onChange={(event) => {
        const chosen = studentSorts.find((sort) => sort === event.target.value);
        if (chosen) onChange(chosen);
      }}
    >
      {studentSorts.map((sort) => (
        <option key={sort} value={sort}>
          {appTexts.students.sorts[sort]}
        </option>
      ))}
    </SelectField>
  );
}
