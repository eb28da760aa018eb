import { useState } from 'react';
import { secondStepTexts } from '@um/contract';
import type { StaffMember } from '@um/contract';
import type { Notice } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { errorDetail } from '../../../lib/api-client';
import { useResetSecondStep } from '../api/second-step';

const texts = secondStepTexts.staff;

/**
 * An admin's reset of a colleague's second step (a lost phone), with a confirmation naming
 * them; shown only for someone who has one. A control of its own for the staff screen's row.
 */
export function ResetSecondStep({
  member,
  name,
  onNotice,
}: {
  member: StaffMember;
  name: string;
  onNotice: (notice: Notice) => void;
}) {
  const reset = useResetSecondStep();
  const [open, setOpen] = useState(false);
  if (!member.has_second_step) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={texts.resetLabel(name)}
        onClick={() => setOpen(true)}
      >
        {texts.reset}
      </Button>
      <ConfirmDialog
        open={open}
        title={texts.resetTitle(name)}
        message={texts.resetBody(name, member.email)}
        confirmLabel={texts.reset}
        busy={reset.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          reset.mutate(member.id, {
            onSuccess: () => onNotice({ tone: 'success', message: texts.resetDone(name) }),
            onError: (error) =>
              onNotice({ tone: 'error', message: texts.resetFailed, detail: errorDetail(error) }),
            onSettled: () => setOpen(false),
          })
        }
      />
    </>
  );
}
