import { useState } from 'react';
import type { FormEvent } from 'react';
import { apiClientCreateSchema, rosterTexts } from '@um/contract';
import type { ApiClientCreated } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Field';
import { errorDetail } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-errors';
import { useCreateApiClient } from '../api/api-clients';

export interface NewClientDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (client: ApiClientCreated) => void;
}

/** The new client's name, which says who will use it. */
export function NewClientDialog({ open, onClose, onCreated }: NewClientDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | null>(null);
  const create = useCreateApiClient();
  const formId = 'new-api-client';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = apiClientCreateSchema.safeParse({ name });
    if (!body.success) {
      setError(body.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setFailed(null);
    create.mutate(body.data, {
      onSuccess: (client) => {
        setName('');
        onCreated(client);
      },
      onError: (cause) => {
        setError(serverFieldErrors(cause)['name']);
        setFailed(errorDetail(cause) ?? rosterTexts.createFailed);
      },
    });
  }

  return (
    <Dialog
      open={open}
      title={rosterTexts.newClient}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={create.isPending}>
            {rosterTexts.create}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <Field
          label={rosterTexts.clientName}
          hint={rosterTexts.clientNameHint}
          autoComplete="off"
          required
          maxLength={100}
          value={name}
          error={error}
          onChange={(event) => setName(event.target.value)}
        />
        {failed && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failed}
          </p>
        )}
      </form>
    </Dialog>
  );
}
