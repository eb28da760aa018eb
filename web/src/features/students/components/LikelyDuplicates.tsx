import { appTexts } from '@um/contract';
import type { Standard } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import type { LikelyDuplicate } from '../api/find-likely-duplicates';
import { standardNamer } from '../standard-names';

/**
 * Students already on the list who look like the one about to be saved, each with what they
 * share with it; saving anyway is the person's choice.
 */
export function LikelyDuplicates({
  duplicates,
  standards,
  saving,
  onSaveAnyway,
}: {
  duplicates: LikelyDuplicate[];
  standards: Standard[];
  saving: boolean;
  onSaveAnyway: () => void;
}) {
  const standardName = standardNamer(standards);
  return (
    <section
      role="alert"
      aria-labelledby="likely-duplicates-title"
      className="min-w-0 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:col-span-2 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <h3 id="likely-duplicates-title" className="font-semibold">
        {appTexts.students.duplicateTitle}
      </h3>
      <p className="mt-1">{appTexts.students.duplicateIntro}</p>
      <ul className="mt-3 space-y-2">
        {duplicates.map(
          ({ student, sameEmail, sameAdmissionNumber, sameName, sameNameAndBirth }) => (
            <li key={student.id}>
              <span className="font-medium">
                {appTexts.students.which(student.name, student.roll_number)}
              </span>
              , {standardName(student.standard)}, <span className="break-all">{student.email}</span>
              <span className="block text-amber-900 dark:text-amber-200">
                {[
                  sameEmail ? appTexts.students.sameEmail : '',
                  sameAdmissionNumber ? appTexts.students.sameAdmissionNumber : '',
                  sameName ? appTexts.students.sameName : '',
                  sameNameAndBirth ? appTexts.students.sameNameAndBirth : '',
                ]
                  .filter(Boolean)
                  .join('; ')}
              </span>
            </li>
          ),
        )}
      </ul>
      <div className="mt-3">
        <Button variant="secondary" onClick={onSaveAnyway} loading={saving}>
          {appTexts.students.saveAnyway}
        </Button>
      </div>
    </section>
  );
}
