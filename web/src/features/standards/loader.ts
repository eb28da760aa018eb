import type { QueryClient } from '@tanstack/react-query';
import { getAllStandardsQueryOptions } from '../../lib/api/get-all-standards';
import { readAgain } from '../../lib/query';

/**
 * The route's loader: every standard, asked for while the screen's code loads, with the query
 * the screen itself uses. What another screen read a moment ago shows at once, and is read
 * again. A failure is the screen's to show, so it is not thrown here.
 */
export async function loadStandardsScreen(queryClient: QueryClient): Promise<void> {
  await readAgain(queryClient, getAllStandardsQueryOptions(), (options) =>
    queryClient.prefetchQuery(options),
  );
}
