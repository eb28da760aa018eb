import History from 'lucide-react/icons/history';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { Link } from 'react-router';
import { appRoutes, dailyUseTexts, teacherTexts } from '@um/contract';
import type { Standard } from '@um/contract';
import { IconButton } from '../../../components/ui/IconButton';
import { cardClasses } from '../../../components/ui/PageHeader';

const studentCount = (count: number) => (count === 1 ? '1 student' : `${count} students`);

export interface StandardCardProps {
  standard: Standard;
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Edit and Delete are left out for a viewer (docs/staff.md). */
  canWrite?: boolean;
}

/**
 * One standard: its name, grade, year and description, how many students it has (a link to
 * them), and its buttons.
 */
export function StandardCard({
  standard,
  onHistory,
  onEdit,
  onDelete,
  canWrite = true,
}: StandardCardProps) {
  return (
    <li className={`${cardClasses} flex flex-wrap items-center gap-x-4 gap-y-2 p-4 sm:px-5`}>
      <div className="min-w-0 flex-1 basis-56">
        <h3 className="font-semibold break-words">{standard.name}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Grade {standard.grade_level} · {standard.academic_year}
        </p>
        {standard.teachers.length > 0 && (
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">
            {teacherTexts.label}: {standard.teachers.map((teacher) => teacher.name).join(', ')}
          </p>
        )}
        {standard.description && <p className="mt-1 text-sm break-words">{standard.description}</p>}
      </div>
      {/* The way from a standard to its class: the students list filtered to it. */}
      <Link
        to={`${appRoutes.students}?standard=${standard.id}`}
        className="rounded-pill bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline dark:bg-brand-950/60 dark:text-brand-100"
      >
        {studentCount(standard.student_count)}{' '}
        <span className="sr-only">{dailyUseTexts.standards.ofStandard(standard.name)}</span>
      </Link>
      <div className="flex gap-1">
        <IconButton
          icon={History}
          label={`History of standard ${standard.name}`}
          onClick={onHistory}
        />
        {canWrite && (
          <>
            <IconButton icon={Pencil} label={`Edit standard ${standard.name}`} onClick={onEdit} />
            <IconButton
              icon={Trash2}
              tone="danger"
              label={`Delete standard ${standard.name}`}
              onClick={onDelete}
            />
          </>
        )}
      </div>
    </li>
  );
}
