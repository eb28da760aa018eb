import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { dailyUseTexts, studentRestoreSchema } from '@um/contract';
import type { BinEntry } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Field';

const t = dailyUseTexts.bin;

export interface RollNumberDialogProps {
  /** The student whose roll number was taken; null when the dialog is closed. */
  entry: BinEntry | null;
  /** Why the last try was refused (the server's words), shown on the field. */
  error: string | null;
  busy: boolean;
  onRestore: (rollNumber: string) => void;
  onCancel: () => void;
}

/**
 * A student whose roll number another student took while it was in the bin can come back
 * under another one: this asks for it, checked as the server checks it, and keeps the dialog
 * open with the server's reason when that one is taken too.
 */
export function RollNumberDialog({
  entry,
  error,
  busy,
  onRestore,
  onCancel,
}: RollNumberDialogProps) {
  const formId = useId();
  const [rollNumber, setRollNumber] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = studentRestoreSchema.safeParse({ roll_number: rollNumber });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    onRestore(checked.data?.roll_number ?? rollNumber);
  }

  return (
    <Dialog
      open={entry !== null}
      title={entry ? t.rollTakenTitle(entry.name) : ''}
      onClose={busy ? () => undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t.restoreWith}
          </Button>
        </>
      }
    >
      {entry && (
        <form id={formId} noValidate onSubmit={submit} className="space-y-4">
          <p>{t.rollTakenHelp(entry.roll_number ?? '')}</p>
          <Field
            label="New roll number"
            name="roll_number"
            autoComplete="off"
            required
            data-autofocus
            value={rollNumber}
            error={invalid ?? error ?? undefined}
            onChange={(event) => setRollNumber(event.target.value)}
          />
        </form>
      )}
    </Dialog>
  );
}
