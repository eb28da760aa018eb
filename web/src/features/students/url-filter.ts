import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { StudentFilter } from './api';
import { filterFromSearch } from './queries';

/** The list's filter lives in the address (?standard=3&q=asha), so a reload or a link shows the same list. */
export function useUrlFilter(): [StudentFilter, (change: Partial<StudentFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = filterFromSearch(params);

  const change = useCallback(
    (next: Partial<StudentFilter>) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.standard !== undefined) {
            if (next.standard === null) updated.delete('standard');
            else updated.set('standard', String(next.standard));
          }
          if (next.q !== undefined) {
            if (next.q === '') updated.delete('q');
            else updated.set('q', next.q);
          }
          return updated;
        },
        // Typing a search must not leave one history entry per pause.
        { replace: true },
      ),
    [setParams],
  );

  return [filter, change];
}
