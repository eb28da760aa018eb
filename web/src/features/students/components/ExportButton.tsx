import { useState } from 'react';
import Download from 'lucide-react/icons/download';
import { importTexts } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import type { StudentListView } from '../filters';
import { saveFile } from '../../../lib/save-file';
import { exportStudents } from '../api/export-students';

export interface ExportButtonProps {
  /** What the list shows, in its order, which is what the file holds. */
  filter: StudentListView;
  onFailed: (error: unknown) => void;
}

/** Downloads exactly what the filter shows, as the server writes it. */
export function ExportButton({ filter, onFailed }: ExportButtonProps) {
  const [exporting, setExporting] = useState(false);

  async function download() {
    setExporting(true);
    try {
      const { file, name } = await exportStudents(filter);
      saveFile(file, name);
    } catch (error) {
      onFailed(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="secondary" disabled={exporting} onClick={() => void download()}>
      <Download aria-hidden="true" className="size-4" />
      {importTexts.exportButton}
    </Button>
  );
}
