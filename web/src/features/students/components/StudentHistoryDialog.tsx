import { studentFieldLabels } from '@um/contract';
import type { Student } from '@um/contract';
import { HistoryDialog } from '../../../components/ui/HistoryDialog';
import { useStudentHistory } from '../api/get-student-history';

export interface StudentHistoryDialogProps {
  /** The student whose history is open; null when the dialog is closed. */
  student: Student | null;
  nameOf: (standard: number) => string;
  onClose: () => void;
}

/** A student's history, with each standard named rather than numbered. */
export function StudentHistoryDialog({ student, nameOf, onClose }: StudentHistoryDialogProps) {
  const history = useStudentHistory(student?.id ?? null);
  return (
    <HistoryDialog
      open={student !== null}
      title={student ? `History of student ${student.name}` : ''}
      {...history}
      fieldLabels={studentFieldLabels}
      describe={(field, value) =>
        field === 'standard' && typeof value === 'number'
          ? `“${nameOf(value)}”`
          : value === null || value === ''
            ? 'nothing'
            : `“${String(value)}”`
      }
      onClose={onClose}
    />
  );
}
