import type { Standard } from '@um/contract';
import { HistoryDialog } from '../../../components/ui/HistoryDialog';
import { useStandardHistory } from '../api/get-standard-history';
import { standardFieldLabels } from '../fields';

export interface StandardHistoryDialogProps {
  /** The standard whose history is open; null when the dialog is closed. */
  standard: Standard | null;
  onClose: () => void;
}

export function StandardHistoryDialog({ standard, onClose }: StandardHistoryDialogProps) {
  const history = useStandardHistory(standard?.id ?? null);
  return (
    <HistoryDialog
      open={standard !== null}
      title={standard ? `History of standard ${standard.name}` : ''}
      {...history}
      fieldLabels={standardFieldLabels}
      onClose={onClose}
    />
  );
}
