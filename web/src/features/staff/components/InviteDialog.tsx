import { useState } from 'react';
import type { FormEvent } from 'react';
import { ROLES, invitationRequestSchema, staffTexts } from '@um/contract';
import type { Invitation, Role } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, SelectField } from '../../../components/ui/Field';
import { errorDetail } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-errors';
import { useInvite } from '../api/invitations';

const texts = staffTexts.screen;

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  onInvited: (invitation: Invitation) => void;
}

/** The invitation form: an e-mail address and a role. */
export function InviteDialog({ open, onClose, onInvited }: InviteDialogProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | null>(null);
  const invite = useInvite();
  const formId = 'invite-form';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = invitationRequestSchema.safeParse({ email, role });
    if (!body.success) {
      setError(body.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setFailed(null);
    invite.mutate(body.data, {
      onSuccess: (invitation) => {
        setEmail('');
        onInvited(invitation);
      },
      onError: (cause) => {
        setError(serverFieldErrors(cause)['email']);
        setFailed(errorDetail(cause) ?? texts.inviteFailed);
      },
    });
  }

  return (
    <Dialog
      open={open}
      title={texts.inviteTitle}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={invite.isPending}>
            {texts.sendInvite}
          </Button>
        </>
      }
    >
      <p>{texts.inviteHelp}</p>
      <form id={formId} noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          required
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {staffTexts.roles[value]}
            </option>
          ))}
        </SelectField>
        {failed && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failed}
          </p>
        )}
      </form>
    </Dialog>
  );
}
