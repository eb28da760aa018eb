import { binListResponseSchema, buildPath, recordPaths, restoreResponseSchema } from '@um/contract';
import type { BinEntity, BinList } from '@um/contract';
import { apiRequest } from '../../lib/api-client';

export const BIN_PAGE_SIZE = 50;

export async function fetchBinPage(cursor: string | null, signal?: AbortSignal): Promise<BinList> {
  const query = new URLSearchParams({ limit: String(BIN_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${recordPaths.deleted}?${query}`, { schema: binListResponseSchema, signal });
}

export async function restoreFromBin(entity: BinEntity, id: number): Promise<void> {
  await apiRequest(
    buildPath(entity === 'student' ? recordPaths.restoreStudent : recordPaths.restoreStandard, {
      id,
    }),
    {
      method: 'POST',
      schema: restoreResponseSchema,
    },
  );
}
