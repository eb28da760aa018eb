import { useRef, useState } from 'react';
import { MailPlus } from 'lucide-react';
import { ROLES, staffTexts } from '@um/contract';
import type { Role, StaffMember } from '@um/contract';
import { useNotice } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ListBody, LoadMore } from '../../components/ui/ListStates';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { SearchBox } from '../../components/ui/SearchBox';
import { SignedInOnly } from '../../components/ui/SignedOutNotice';
import { errorDetail } from '../../lib/api-client';
import { displayName, useStoredSession } from '../../lib/session';
import { useStaff } from './api/get-staff';
import { useInvitations, useWithdrawInvitation } from './api/invitations';
import { useUpdateStaffMember } from './api/update-staff-member';
import { InviteDialog } from './components/InviteDialog';
import { ResetSecondStep } from './components/ResetSecondStep';
import { SecondStepSettings } from './components/SecondStepSettings';

const texts = staffTexts.screen;

/** The admin's staff screen (docs/staff.md): who has access, invitations, roles and status. */
export function StaffPage() {
  return (
    <SignedInOnly title={texts.title}>
      <Staff />
    </SignedInOnly>
  );
}

function Staff() {
  const [q, setQ] = useState('');
  const staff = useStaff(q);
  const invitations = useInvitations();
  const update = useUpdateStaffMember();
  const withdraw = useWithdrawInvitation();
  const { notice, show, clear } = useNotice();
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<StaffMember | null>(null);
  const me = useStoredSession().user?.id;
  const rows = staff.data?.pages.flatMap((page) => page.data) ?? [];
  const body = useRef<HTMLTableSectionElement>(null);

  const failed = (error: unknown) =>
    show({ tone: 'error', message: texts.changeFailed, detail: errorDetail(error) });

  function changeRole(member: StaffMember, role: Role) {
    clear();
    update.mutate(
      { id: member.id, change: { role } },
      {
        onSuccess: () => show({ tone: 'success', message: texts.roleChanged(nameOf(member)) }),
        onError: failed,
      },
    );
  }

  function changeStatus(member: StaffMember) {
    const deactivating = member.status === 'active';
    setConfirming(null);
    clear();
    update.mutate(
      { id: member.id, change: { status: deactivating ? 'deactivated' : 'active' } },
      {
        onSuccess: () =>
          show({
            tone: 'success',
            message: deactivating
              ? texts.deactivated(nameOf(member))
              : texts.reactivated(nameOf(member)),
          }),
        onError: failed,
      },
    );
  }

  const pending = invitations.data ?? [];
  const confirmingName = confirming ? nameOf(confirming) : '';
  const deactivating = confirming?.status === 'active';

  return (
    <>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={
          <Button onClick={() => setInviting(true)}>
            <MailPlus aria-hidden="true" className="size-4" />
            {texts.invite}
          </Button>
        }
      />
      <NoticeArea notice={notice} onDismiss={clear} />

      <section aria-labelledby="staff-heading" className={`${cardClasses} p-4 sm:p-6`}>
        <h2 id="staff-heading" className="font-display text-lg font-semibold">
          {texts.title}
        </h2>
        <div className="mt-3 max-w-sm">
          <SearchBox
            label={texts.search}
            placeholder={texts.searchHint}
            value={q}
            onSearch={setQ}
            slashFocuses={false}
          />
        </div>
        <ListBody
          query={staff}
          count={rows.length}
          loadingLabel="Loading staff…"
          rowClassName="h-14"
          loadFailed={texts.loadFailed}
          empty={q ? texts.noMatch : texts.empty}
        >
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Role
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {texts.lastSeen}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody ref={body}>
                {rows.map((member) => (
                  <tr
                    key={member.id}
                    tabIndex={-1}
                    className="border-t border-slate-200 dark:border-slate-800"
                  >
                    <td className="py-3 pr-4">
                      <div className="font-medium break-words">
                        {nameOf(member)} {String(member.id) === me && texts.you}
                      </div>
                      <div className="text-slate-600 break-all dark:text-slate-400">
                        {member.email}
                      </div>
                    </td>
                    <td className="py-3 pr-4">
                      <select
                        aria-label={texts.roleOf(nameOf(member))}
                        value={member.role}
                        disabled={update.isPending}
                        onChange={(event) => changeRole(member, event.target.value as Role)}
                        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {staffTexts.roles[role]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="py-3 pr-4">{staffTexts.statuses[member.status]}</td>
                    <td className="py-3 pr-4">
                      {member.last_seen_at ? (
                        <time dateTime={member.last_seen_at}>
                          {new Date(member.last_seen_at).toLocaleString()}
                        </time>
                      ) : (
                        texts.never
                      )}
                    </td>
                    <td className="space-x-2 py-3 text-right whitespace-nowrap">
                      <ResetSecondStep member={member} name={nameOf(member)} onNotice={show} />
                      <Button
                        size="sm"
                        variant={member.status === 'active' ? 'danger' : 'secondary'}
                        aria-label={`${
                          member.status === 'active' ? texts.deactivate : texts.reactivate
                        } ${nameOf(member)}`}
                        onClick={() => setConfirming(member)}
                      >
                        {member.status === 'active' ? texts.deactivate : texts.reactivate}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={staff} list={body} count={rows.length} />
        </ListBody>
      </section>

      <section aria-labelledby="pending-heading" className={`${cardClasses} mt-6 p-4 sm:p-6`}>
        <h2 id="pending-heading" className="font-display text-lg font-semibold">
          {texts.pending}
        </h2>
        {pending.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{texts.noPending}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {pending.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-3 text-sm">
                <span className="min-w-0 flex-1 break-all">
                  {invitation.email} · {staffTexts.roles[invitation.role]} · until{' '}
                  <time dateTime={invitation.expires_at}>
                    {new Date(invitation.expires_at).toLocaleDateString()}
                  </time>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={texts.withdraw(invitation.email)}
                  onClick={() =>
                    withdraw.mutate(invitation.id, {
                      onSuccess: () => show({ tone: 'success', message: texts.withdrawn }),
                      onError: failed,
                    })
                  }
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <SecondStepSettings onNotice={show} />

      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(invitation) => {
          setInviting(false);
          show({ tone: 'success', message: texts.invited(invitation.email) });
        }}
      />
      <Dialog
        open={confirming !== null}
        title={
          deactivating
            ? texts.deactivateTitle(confirmingName)
            : texts.reactivateTitle(confirmingName)
        }
        onClose={() => setConfirming(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant={deactivating ? 'danger' : 'primary'}
              onClick={() => confirming && changeStatus(confirming)}
            >
              {deactivating ? texts.deactivate : texts.reactivate}
            </Button>
          </>
        }
      >
        {confirming &&
          (deactivating
            ? texts.deactivateBody(confirmingName, confirming.email)
            : texts.reactivateBody(confirmingName, confirming.email))}
      </Dialog>
    </>
  );
}

const nameOf = (member: Pick<StaffMember, 'name' | 'email'>) => displayName(member);
