import { useRef, useState, type ReactNode } from 'react';
import { yearEndScreenTexts as t } from '@um/contract';
import type { Standard, Student } from '@um/contract';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { SearchBox } from '../../../components/ui/SearchBox';
import { errorDetail } from '../../../lib/api-client';
import { FOUND_STUDENTS_LIMIT, useFindStudents } from '../api/find-students';
import type { KeptStudent } from '../plan';

export interface KeepBackProps {
  year: string;
  /** The standards of the year that ends: only their students can be kept back. */
  standards: readonly Standard[];
  kept: readonly KeptStudent[];
  onKeep: (student: KeptStudent) => void;
  onRemove: (student: KeptStudent) => void;
}

/** A student found or kept back: name, roll number and standard, and what can be done. */
function StudentItem({
  name,
  detail,
  children,
}: {
  name: string;
  detail: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-200 py-2 first:border-t-0 dark:border-slate-800">
      <span className="min-w-0 break-words">
        <span className="font-medium">{name}</span>{' '}
        <span className="text-slate-600 dark:text-slate-300">{detail}</span>
      </span>
      {children}
    </li>
  );
}

/**
 * The students who repeat the year, found by name in one standard of the year or in all of
 * them, and listed with a way to take each off again.
 */
export function KeepBack({ year, standards, kept, onKeep, onRemove }: KeepBackProps) {
  const [q, setQ] = useState('');
  const [within, setWithin] = useState<number | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const keptHeading = useRef<HTMLHeadingElement>(null);
  const names = new Map(standards.map((standard) => [standard.id, standard.name]));
  // A standard chosen for another year is no filter for this one.
  const standard = within !== null && names.has(within) ? within : null;
  const found = useFindStudents({ standard, q });
  const keptIds = new Set(kept.map(({ id }) => id));
  // Without a standard the search covers the school: only this year's students can stay back.
  const matches = (found.data?.students ?? []).filter(
    (student) => names.has(student.standard) && !keptIds.has(student.id),
  );
  const describe = (student: Pick<Student, 'roll_number' | 'standard'>) =>
    `${student.roll_number} · ${names.get(student.standard) ?? ''}`;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t.keepDescription}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t.searchIn}
          value={standard ?? ''}
          onChange={(event) => setWithin(event.target.value ? Number(event.target.value) : null)}
          className="min-w-48"
        >
          <option value="">{t.everyStandardOf(year)}</option>
          {standards.map(({ id, name }) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
        <div className="min-w-56 flex-1">
          <SearchBox
            label={t.search}
            placeholder={t.searchPlaceholder}
            value={q}
            onSearch={setQ}
            inputRef={searchBox}
            slashFocuses={false}
          />
        </div>
      </div>

      {q !== '' &&
        (found.isPending ? (
          <p role="status" className="text-sm">
            {t.searching}
          </p>
        ) : found.isError ? (
          <Banner tone="error" message={t.searchFailed} detail={errorDetail(found.error)} />
        ) : matches.length === 0 && !found.data.more ? (
          <p className="text-sm">{t.noMatches}</p>
        ) : (
          <>
            {matches.length > 0 && (
              <ul
                aria-label={t.matches}
                className="rounded-xl bg-slate-50 px-4 dark:bg-slate-800/60"
              >
                {matches.map((student) => (
                  <StudentItem key={student.id} name={student.name} detail={describe(student)}>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t.keepStudent(student.name)}
                      onClick={() => {
                        const { id, name, roll_number } = student;
                        onKeep({ id, name, roll_number, standard: student.standard });
                        // The student leaves the list found: the next name is typed where this one was.
                        searchBox.current?.focus();
                      }}
                    >
                      {t.keep}
                    </Button>
                  </StudentItem>
                ))}
              </ul>
            )}
            {found.data.more && (
              <p className="mt-2 text-sm">{t.moreMatches(FOUND_STUDENTS_LIMIT)}</p>
            )}
          </>
        ))}

      <div>
        <h3 ref={keptHeading} tabIndex={-1} className="font-semibold focus:outline-none">
          {t.keptHeading(kept.length)}
        </h3>
        {kept.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t.nobodyKept}</p>
        ) : (
          <ul className="mt-1">
            {kept.map((student) => (
              <StudentItem key={student.id} name={student.name} detail={describe(student)}>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t.removeStudent(student.name)}
                  onClick={() => {
                    onRemove(student);
                    keptHeading.current?.focus();
                  }}
                >
                  {t.remove}
                </Button>
              </StudentItem>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
