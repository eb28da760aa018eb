import { yearEndScreenTexts as t } from '@um/contract';
import type { YearEndConflict } from '@um/contract';
import { ScrollBox } from '../../../components/ui/ScrollBox';

const cellClasses = 'py-2 pr-4';

/** The students who cannot move because their roll number is taken where they would go. */
export function Conflicts({ conflicts }: { conflicts: readonly YearEndConflict[] }) {
  return (
    <div className="mt-6">
      <h3 className="font-semibold text-red-800 dark:text-red-200">
        {t.conflictsHeading(conflicts.length)}
      </h3>
      <p className="mt-1 mb-3 text-sm">{t.conflictsHint}</p>
      <ScrollBox label={t.conflictsTable}>
        <table className="w-full min-w-[28rem] text-left text-sm">
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className={`${cellClasses} font-medium`}>
                {t.conflictColumns.student}
              </th>
              <th scope="col" className={`${cellClasses} font-medium`}>
                {t.conflictColumns.rollNumber}
              </th>
              <th scope="col" className={`${cellClasses} font-medium`}>
                {t.conflictColumns.target}
              </th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map(({ student, roll_number, to_standard }) => (
              <tr key={student.id} className="border-t border-slate-200 dark:border-slate-800">
                <th scope="row" className={`${cellClasses} font-semibold break-words`}>
                  {student.name}
                </th>
                <td className={cellClasses}>{roll_number}</td>
                <td className={`${cellClasses} break-words`}>
                  {to_standard.id === null ? t.newMark(to_standard.name) : to_standard.name}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}
