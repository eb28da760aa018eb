import { staffTexts } from '@um/contract';
import type { Invitation } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { cardClasses } from '../../../components/ui/PageHeader';

const texts = staffTexts.screen;

export interface PendingInvitationsProps {
  invitations: readonly Invitation[];
  onWithdraw: (invitation: Invitation) => void;
}

/** The invitations not yet taken up, each with who sent it and Withdraw. */
export function PendingInvitations({ invitations, onWithdraw }: PendingInvitationsProps) {
  return (
    <section aria-labelledby="pending-heading" className={`${cardClasses} mt-6 p-4 sm:p-6`}>
      <h2 id="pending-heading" className="font-display text-lg font-semibold">
        {texts.pending}
      </h2>
      {invitations.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{texts.noPending}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 text-sm">
              <span className="min-w-0 flex-1 break-all">
                {invitation.email} · {staffTexts.roles[invitation.role]} · until{' '}
                <time dateTime={invitation.expires_at}>
                  {new Date(invitation.expires_at).toLocaleDateString()}
                </time>{' '}
                ·{' '}
                {invitation.invited_by
                  ? texts.invitedBy(invitation.invited_by.name || invitation.invited_by.email)
                  : texts.invitedByGone}
              </span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={texts.withdraw(invitation.email)}
                onClick={() => onWithdraw(invitation)}
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
