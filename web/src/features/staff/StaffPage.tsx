import { useRef, useState } from 'react';
import MailPlus from 'lucide-react/icons/mail-plus';
import { ROLES, staffTexts } from '@um/contract';
import type { Role, StaffMember } from '@um/contract';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { SelectField } from '../../components/ui/Field';
import { ListSection, LoadMore } from '../../components/ui/ListStates';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { PageHeader } from '../../components/ui/PageHeader';
import { ResponsiveTable } from '../../components/ui/ResponsiveTable';
import { SearchBox } from '../../components/ui/SearchBox';
import { SignedInOnly } from '../../components/ui/SignedOutNotice';
import { useListScreen } from '../../components/ui/useListScreen';
import { errorDetail } from '../../lib/api-client';
import { displayName, useStoredSession } from '../../lib/session';
import { useUrlFilters } from '../../lib/url-filters';
import { useStaff } from './api/get-staff';
import { useInvitations, useWithdrawInvitation } from './api/invitations';
import { useUpdateStaffMember } from './api/update-staff-member';
import { InviteDialog } from './components/InviteDialog';
import { PendingInvitations } from './components/PendingInvitations';
import { staffFilters, staffStatusChoices } from './filters';
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
  const [filter, changeFilter] = useUrlFilters(staffFilters);
  const staff = useStaff(filter);
  const screen = useListScreen<StaffMember>({ list: staff });
  const invitations = useInvitations();
  const update = useUpdateStaffMember();
  const withdraw = useWithdrawInvitation();
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<StaffMember | null>(null);
  const me = useStoredSession().user?.id;
  const { rows, show, clear } = screen;
  const body = useRef<HTMLElement>(null);

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

  const confirmingName = confirming ? nameOf(confirming) : '';
  const deactivating = confirming?.status === 'active';
  const filtered = filter.q !== '' || filter.status !== 'all';

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
      <NoticeArea {...screen.notice} />

      <div
        role="search"
        aria-label={texts.find}
        className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <SearchBox
          label={texts.search}
          placeholder={texts.searchHint}
          value={filter.q}
          onSearch={(q) => changeFilter({ q })}
          inputRef={screen.searchBox}
        />
        <SelectField
          label={texts.statusFilter}
          name="status"
          value={filter.status}
          onChange={(event) =>
            changeFilter({ status: event.target.value as (typeof staffStatusChoices)[number] })
          }
        >
          {staffStatusChoices.map((status) => (
            <option key={status} value={status}>
              {status === 'all' ? texts.everyone : staffTexts.statuses[status]}
            </option>
          ))}
        </SelectField>
      </div>

      <ListSection
        id="staff-heading"
        title={texts.title}
        headingRef={screen.listHeading}
        list={staff}
        count={rows.length}
        loadingLabel={texts.loading}
        rowClassName="h-14"
        loadFailed={texts.loadFailed}
        empty={filtered ? texts.noMatch : texts.empty}
      >
        <ResponsiveTable
          label={texts.listLabel}
          rows={rows}
          rowKey={(member) => member.id}
          bodyRef={body}
          dimmed={staff.isPlaceholderData}
          columns={[
            {
              header: texts.columns.name,
              kind: 'title',
              cell: (member) => (
                <>
                  <span className="block font-medium break-words">
                    {nameOf(member)} {String(member.id) === me && texts.you}
                  </span>
                  <span className="block font-normal text-slate-600 break-all dark:text-slate-400">
                    {member.email}
                  </span>
                </>
              ),
            },
            {
              header: texts.columns.role,
              cell: (member) => (
                <select
                  aria-label={texts.roleOf(nameOf(member))}
                  value={member.role}
                  disabled={update.isPending}
                  onChange={(event) => changeRole(member, event.target.value as Role)}
                  className="h-9 max-w-full rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {staffTexts.roles[role]}
                    </option>
                  ))}
                </select>
              ),
            },
            {
              header: texts.columns.status,
              cell: (member) => staffTexts.statuses[member.status],
            },
            {
              header: texts.lastSeen,
              cell: (member) =>
                member.last_seen_at ? (
                  <time dateTime={member.last_seen_at}>
                    {new Date(member.last_seen_at).toLocaleString()}
                  </time>
                ) : (
                  texts.never
                ),
            },
            {
              header: texts.columns.actions,
              kind: 'actions',
              cell: (member) => (
                <span className="inline-flex flex-wrap justify-end gap-2">
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
                </span>
              ),
            },
          ]}
        />
        <LoadMore query={staff} list={body} count={rows.length} />
      </ListSection>

      <PendingInvitations
        invitations={invitations.data ?? []}
        onWithdraw={(invitation) =>
          withdraw.mutate(invitation.id, {
            onSuccess: () => show({ tone: 'success', message: texts.withdrawn }),
            onError: failed,
          })
        }
      />

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
