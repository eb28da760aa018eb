import {
  bulkScreenTexts as t,
  rollNumberChoices,
  type RollNumberChange,
  type RollNumberChoice,
} from '@um/contract';

/*
 * What a move of many students (a bulk move, a year end) shows of roll numbers taken where
 * students go: the choice of what to do with them, and the numbers students will get.
 */

/** The roll numbers a move changes, as a table: who, the number now, the number it becomes. */
export function RollNumberChanges({ changes }: { changes: readonly RollNumberChange[] }) {
  return (
    <table className="mt-3 w-full text-left text-sm" aria-label={t.changesTable}>
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-3">
            {t.changeColumns.student}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t.changeColumns.from}
          </th>
          <th scope="col" className="py-1">
            {t.changeColumns.to}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.student.id}>
            <td className="py-1 pr-3 break-words">{change.student.name}</td>
            <td className="py-1 pr-3">{change.from}</td>
            <td className="py-1 font-semibold">{change.to}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The three answers to roll numbers already taken where students go. */
export function RollNumberChoiceField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: RollNumberChoice;
  onChange: (choice: RollNumberChoice) => void;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold">{t.clashChoice}</legend>
      {rollNumberChoices.map((choice) => (
        <label key={choice} className="mt-2 flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          {t.clashChoices[choice]}
        </label>
      ))}
    </fieldset>
  );
}
