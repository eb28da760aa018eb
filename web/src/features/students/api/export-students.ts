import { recordPaths } from '@um/contract';
import { apiResponse } from '../../../lib/api-client';
import { studentFilterQuery } from '../../../lib/api/get-students-count';
import { DEFAULT_SORT } from '../filters';
import type { StudentListView } from '../filters';

/** The file name the server gives in Content-Disposition, when it gives one. */
const fileNameOf = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'students.csv';

/** The students the list shows, in its order, as the CSV file the server writes and names. */
export async function exportStudents(view: StudentListView): Promise<{ file: Blob; name: string }> {
  const query = studentFilterQuery(view);
  if (view.sort !== DEFAULT_SORT) query.set('sort', view.sort);
  const path =
    query.size > 0 ? `${recordPaths.studentsExport}?${query}` : recordPaths.studentsExport;
  const response = await apiResponse(path);
  return {
    file: await response.blob(),
    name: fileNameOf(response.headers.get('content-disposition')),
  };
}
