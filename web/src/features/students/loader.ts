import type { QueryClient } from '@tanstack/react-query';
import { getAllStandardsQueryOptions } from '../../lib/api/get-all-standards';
import { getStudentsCountQueryOptions } from '../../lib/api/get-students-count';
import { readAgain } from '../../lib/query';
import { getStudentsQueryOptions } from './api/get-students';
import { studentListFilters } from './filters';

/**
 * The route's loader: the list the address asks for, its count and the standards that name its
 * rows, asked for while the screen's code loads, with the queries the screen itself uses. What
 * another screen read a moment ago shows at once, and is read again: a change made meanwhile
 * (before the event stream was open to say so) is not missed. A failure is the screen's to
 * show, so it is not thrown here.
 */
export async function loadStudentsScreen(queryClient: QueryClient, url: URL): Promise<void> {
  const view = studentListFilters.read(url.searchParams);
  await Promise.all([
    readAgain(queryClient, getStudentsQueryOptions(view), (options) =>
      queryClient.prefetchInfiniteQuery(options),
    ),
    readAgain(queryClient, getStudentsCountQueryOptions(view), (options) =>
      queryClient.prefetchQuery(options),
    ),
    readAgain(queryClient, getAllStandardsQueryOptions(), (options) =>
      queryClient.prefetchQuery(options),
    ),
  ]);
}
