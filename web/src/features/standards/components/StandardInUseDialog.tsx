import { Link } from 'react-router';
import { appRoutes, everydayTexts } from '@um/contract';
import type { Standard } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';

export interface StandardInUseDialogProps {
  /** The standard that still has students; null when the dialog is closed. */
  standard: Standard | null;
  onClose: () => void;
}

/**
 * A standard with students cannot be deleted: this says so, and leads to its students, instead
 * of asking a question whose answer would be refused.
 */
export function StandardInUseDialog({ standard, onClose }: StandardInUseDialogProps) {
  return (
    <Dialog
      open={standard !== null}
      title={standard ? everydayTexts.standardInUse.title(standard.name) : ''}
      onClose={onClose}
      actions={
        <>
          {standard && (
            <Link
              to={`${appRoutes.students}?standard=${standard.id}`}
              className="rounded-pill px-4 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {everydayTexts.standardInUse.showStudents}
            </Link>
          )}
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Close
          </Button>
        </>
      }
    >
      {standard && (
        <>
          <p className="font-medium">{everydayTexts.standardInUse.count(standard.student_count)}</p>
          <p className="mt-1">{everydayTexts.standardInUse.help}</p>
        </>
      )}
    </Dialog>
  );
}
