import { appTexts, texts } from '@um/contract';
import type { Student } from '@um/contract';
import { ConfirmDialog } from '../../../components/ui/Dialog';

export interface DeleteStudentDialogProps {
  /** The student about to be deleted; null when nothing is. */
  student: Student | null;
  nameOf: (standard: number) => string;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The spec's question, and which student it is about: two may share a name. */
export function DeleteStudentDialog({ student, nameOf, ...dialog }: DeleteStudentDialogProps) {
  return (
    <ConfirmDialog
      {...dialog}
      title={student ? `Delete student ${student.name}` : ''}
      message={
        student
          ? `${texts.students.confirmDelete} ${appTexts.students.deleteWhich(
              student.name,
              student.roll_number,
              nameOf(student.standard),
            )}`
          : ''
      }
      confirmLabel="Delete"
    />
  );
}
