import type { QueryClient } from '@tanstack/react-query';
import { readAgain } from '../../lib/query';
import { getInboxQueryOptions } from './api/get-inbox';
import { inboxFilters } from './filters';

/**
 * The route's loader: the inbox as it is now, searched as the address asks, requested while the
 * screen's code loads, with the query the screen itself uses. A failure is the screen's to show,
 * so it is not thrown here.
 */
export async function loadInbox(queryClient: QueryClient, url: URL): Promise<void> {
  const view = inboxFilters.read(url.searchParams);
  await readAgain(queryClient, getInboxQueryOptions(queryClient, view), (options) =>
    queryClient.prefetchInfiniteQuery(options),
  );
}
