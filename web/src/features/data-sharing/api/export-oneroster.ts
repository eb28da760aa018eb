import { rosterPaths } from '@um/contract';
import { apiResponse } from '../../../lib/api-client';

/** The file name the server gives in Content-Disposition, when it gives one. */
const fileNameOf = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'oneroster.zip';

/** The OneRoster zip: everything, or what changed since a time (a delta). */
export async function exportOneRoster(since?: string): Promise<{ file: Blob; name: string }> {
  const path = since
    ? `${rosterPaths.export}?${new URLSearchParams({ since })}`
    : rosterPaths.export;
  const response = await apiResponse(path);
  return {
    file: await response.blob(),
    name: fileNameOf(response.headers.get('content-disposition')),
  };
}
