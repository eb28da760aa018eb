import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_SORT } from './api';
import type { StudentListView } from './api';
import { viewFromSearch } from './queries';

/**
 * The list's filter and order live in the address (?standard=3&q=asha&sort=roll_number), so a
 * reload or a link shows the same list.
 */
export function useUrlFilter(): [StudentListView, (change: Partial<StudentListView>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = viewFromSearch(params);

  const change = useCallback(
    (next: Partial<StudentListView>) =>
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
          if (next.sort !== undefined) {
            if (next.sort === DEFAULT_SORT) updated.delete('sort');
            else updated.set('sort', next.sort);
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
