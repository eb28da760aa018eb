import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { bulkRefusedSchema, bulkScreenTexts as t, type RollNumberChoice } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { RollNumberChanges, RollNumberChoiceField } from '../../../components/ui/RollNumbers';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { previewBulkChange } from '../api/change-students-in-bulk';

/**
 * The question before a move of many students: it previews the move, and when roll numbers are
 * taken in the target offers what to do with them, showing the numbers students will get.
 */
export function MoveDialog({
  ids,
  target,
  busy,
  onConfirm,
  onCancel,
}: {
  ids: readonly number[];
  target: { id: number; name: string };
  busy: boolean;
  onConfirm: (choice: RollNumberChoice) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState<RollNumberChoice>('keep');
  const [clashes, setClashes] = useState(0);
  const preview = useQuery({
    queryKey: ['bulk-move-preview', target.id, choice, ids],
    queryFn: async () => {
      try {
        return await previewBulkChange({
          action: 'move',
          ids: [...ids],
          standard: target.id,
          roll_numbers: choice,
        });
      } catch (error) {
        const refused =
          error instanceof ApiError ? bulkRefusedSchema.safeParse(error.problem) : null;
        const taken = refused?.success
          ? refused.data.errors.filter((entry) => entry.field === 'roll_number').length
          : 0;
        if (taken > 0) setClashes(taken);
        throw error;
      }
    },
    retry: false,
    gcTime: 0,
  });
  const refusedForClashes = choice === 'keep' && preview.isError && clashes > 0;
  const offerChoice = clashes > 0;

  return (
    <Dialog
      open
      title={t.confirmMoveTitle(ids.length, target.name)}
      onClose={busy ? () => undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => onConfirm(choice)}
            loading={busy}
            disabled={refusedForClashes || preview.isPending}
          >
            {t.move}
          </Button>
        </>
      }
    >
      <p>{t.confirmMove(ids.length, target.name)}</p>
      {preview.isPending && <p className="mt-2 text-sm">{t.checking}</p>}
      {offerChoice && (
        <>
          <p className="mt-3 font-semibold">{t.clashHeading(clashes)}</p>
          <RollNumberChoiceField name="bulk-move-clashes" value={choice} onChange={setChoice} />
        </>
      )}
      {preview.isError && !refusedForClashes && (
        <p className="mt-2 text-sm">{errorDetail(preview.error)}</p>
      )}
      {preview.data && preview.data.roll_numbers.length > 0 && (
        <RollNumberChanges changes={preview.data.roll_numbers} />
      )}
    </Dialog>
  );
}
