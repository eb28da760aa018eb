import { yearEndScreenTexts as t } from '@um/contract';
import type { YearEndConflict } from '@um/contract';
import { ResponsiveTable } from '../../../components/ui/ResponsiveTable';

/** The students who cannot move because their roll number is taken where they would go. */
export function Conflicts({ conflicts }: { conflicts: readonly YearEndConflict[] }) {
  return (
    <div className="mt-6">
      <h3 className="font-semibold text-red-800 dark:text-red-200">
        {t.conflictsHeading(conflicts.length)}
      </h3>
      <p className="mt-1 mb-3 text-sm">{t.conflictsHint}</p>
      <ResponsiveTable
        label={t.conflictsTable}
        rows={conflicts}
        rowKey={({ student }) => student.id}
        framed={false}
        dense
        columns={[
          { header: t.conflictColumns.student, kind: 'title', cell: ({ student }) => student.name },
          { header: t.conflictColumns.rollNumber, cell: ({ roll_number }) => roll_number },
          {
            header: t.conflictColumns.target,
            className: 'break-words',
            cell: ({ to_standard }) =>
              to_standard.id === null ? t.newMark(to_standard.name) : to_standard.name,
          },
        ]}
      />
    </div>
  );
}
