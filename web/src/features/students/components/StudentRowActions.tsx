import History from 'lucide-react/icons/history';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { appTexts } from '@um/contract';
import type { Student } from '@um/contract';
import { IconButton } from '../../../components/ui/IconButton';

export interface StudentRowActionsProps {
  student: Student;
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Smaller buttons, for the dense rows of the desktop table. */
  compact?: boolean;
  /** Edit and Delete are left out for a viewer (docs/staff.md). */
  canWrite?: boolean;
}

/** A row's buttons, each named with the student's name and roll number, which tell rows apart. */
export function StudentRowActions({
  student,
  onHistory,
  onEdit,
  onDelete,
  compact = false,
  canWrite = true,
}: StudentRowActionsProps) {
  const which = appTexts.students.which(student.name, student.roll_number);
  const size = compact ? 'sm' : 'md';
  return (
    <div className="flex gap-1">
      <IconButton icon={History} size={size} label={`History of ${which}`} onClick={onHistory} />
      {canWrite && (
        <>
          <IconButton icon={Pencil} size={size} label={`Edit ${which}`} onClick={onEdit} />
          <IconButton
            icon={Trash2}
            tone="danger"
            size={size}
            label={`Delete ${which}`}
            onClick={onDelete}
          />
        </>
      )}
    </div>
  );
}
