import type { QueryClient } from '@tanstack/react-query';
import { allStandardsQuery } from '../../lib/standards-list';

/**
 * The route's loader: every standard, asked for while the screen's code loads. A failure is
 * the screen's to show, so it is not thrown here.
 */
export async function loadStandards(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(allStandardsQuery);
}
