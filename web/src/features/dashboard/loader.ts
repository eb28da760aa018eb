import type { QueryClient } from '@tanstack/react-query';
import { getAllStandardsQueryOptions } from '../../lib/api/get-all-standards';
import { everyStudent, getStudentsCountQueryOptions } from '../../lib/api/get-students-count';
import { getUnreadCountQueryOptions } from '../../lib/api/get-unread-count';
import { readAgain } from '../../lib/query';
import { getLastImportQueryOptions } from './api/get-last-import';

/**
 * The route's loader: the school's figures, asked for while the screen's code loads, with the
 * queries the screen itself uses, read again each time the dashboard opens. The unread count is
 * the event stream's to keep. A failure is the screen's to show, so it is not thrown here.
 */
export async function loadDashboard(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    readAgain(queryClient, getStudentsCountQueryOptions(everyStudent), (options) =>
      queryClient.prefetchQuery(options),
    ),
    readAgain(queryClient, getAllStandardsQueryOptions(), (options) =>
      queryClient.prefetchQuery(options),
    ),
    queryClient.prefetchQuery(getUnreadCountQueryOptions()),
    readAgain(queryClient, getLastImportQueryOptions(), (options) =>
      queryClient.prefetchQuery(options),
    ),
  ]);
}
