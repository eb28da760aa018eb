import { studentRecordTexts } from '@um/contract';
import { SelectField } from '../../../components/ui/Field';
import { statusChoices } from '../filters';

type StatusChoice = (typeof statusChoices)[number];

export interface StatusFilterProps {
  value: StatusChoice;
  onChange: (status: StatusChoice) => void;
}

const labelOf = (status: StatusChoice) =>
  status === 'all' ? studentRecordTexts.allStatuses : studentRecordTexts.statuses[status];

/** Which students the list shows: those at school (the default), leavers, graduates or all. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  return (
    <SelectField
      label={studentRecordTexts.statusFilter}
      name="status"
      value={value}
      onChange={(event) => onChange(event.target.value as StatusChoice)}
    >
      {statusChoices.map((status) => (
        <option key={status} value={status}>
          {labelOf(status)}
        </option>
      ))}
    </SelectField>
  );
}
