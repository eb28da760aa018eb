import { useRef, useState } from 'react';
import { rosterTexts } from '@um/contract';
import type { Student } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { ListBody, LoadMore } from '../../../components/ui/ListStates';
import { cardClasses } from '../../../components/ui/PageHeader';
import { SearchBox } from '../../../components/ui/SearchBox';
import { useFindStudents } from '../api/find-students';
import { useRosterAccess } from '../api/get-roster-access';

/**
 * Who received what: every export and read of rosters, newest first, or only those that held
 * one student's data, found by name.
 */
export function AccessLog() {
  const [q, setQ] = useState('');
  const [student, setStudent] = useState<Pick<Student, 'id' | 'name' | 'roll_number'> | null>(null);
  const found = useFindStudents(student ? '' : q);
  const log = useRosterAccess(student?.id ?? null);
  const rows = log.data?.pages.flatMap((page) => page.data) ?? [];
  const list = useRef<HTMLOListElement>(null);

  return (
    <section aria-labelledby="log-heading" className={`${cardClasses} space-y-4 p-4 sm:p-6`}>
      <div>
        <h2 id="log-heading" className="font-display text-lg font-semibold">
          {rosterTexts.logHeading}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{rosterTexts.logIntro}</p>
      </div>
      {student ? (
        <div className="flex flex-wrap items-center gap-3">
          <p>
            {rosterTexts.logForStudent}: <strong>{student.name}</strong> ({student.roll_number})
          </p>
          <Button variant="secondary" size="sm" onClick={() => setStudent(null)}>
            {rosterTexts.logAllStudents}
          </Button>
        </div>
      ) : (
        <div className="max-w-sm space-y-2">
          <SearchBox
            label={rosterTexts.logForStudent}
            placeholder="Name of a student"
            value={q}
            onSearch={setQ}
            slashFocuses={false}
          />
          {q.trim() !== '' && (found.data?.length ?? 0) > 0 && (
            <ul className="space-y-1" aria-label="Matching students">
              {found.data!.map((match) => (
                <li key={match.id}>
                  <Button variant="ghost" size="sm" onClick={() => setStudent(match)}>
                    {match.name} ({match.roll_number})
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ListBody
        query={log}
        count={rows.length}
        loadingLabel="Loading the log…"
        rowClassName="h-14"
        loadFailed={rosterTexts.loadFailed}
        empty={rosterTexts.logEmpty}
      >
        <ol ref={list} className="divide-y divide-slate-200 dark:divide-slate-700">
          {rows.map((entry) => (
            <li key={entry.id} tabIndex={-1} className="py-3">
              <p>
                <span className="font-medium">{entry.actor.name || 'Someone'}</span>{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  ({entry.actor.kind === 'client' ? 'API client' : 'staff'})
                </span>{' '}
                · <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
              </p>
              <p className="text-sm break-all">{entry.what}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {rosterTexts.logRecords(entry.records, entry.students)}
              </p>
            </li>
          ))}
        </ol>
        <LoadMore query={log} list={list} count={rows.length} />
      </ListBody>
    </section>
  );
}
