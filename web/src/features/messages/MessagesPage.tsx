import { useRef, useState } from 'react';
import PenLine from 'lucide-react/icons/pen-line';
import { dailyUseTexts, texts } from '@um/contract';
import type { Message } from '@um/contract';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { ListSection, LoadMore } from '../../components/ui/ListStates';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { SearchBox } from '../../components/ui/SearchBox';
import { SignedInOnly } from '../../components/ui/SignedOutNotice';
import { useListScreen } from '../../components/ui/useListScreen';
import { errorDetail } from '../../lib/api-client';
import { useUrlFilters } from '../../lib/url-filters';
import { useDeleteMessage } from './api/delete-message';
import { useInbox } from './api/get-inbox';
import { useMarkMessageRead } from './api/mark-message-read';
import { useRestoreMessage } from './api/restore-message';
import { inboxFilters } from './filters';
import { Composer } from './components/Composer';
import { MessageItem } from './components/MessageItem';

const COMPOSER_ID = 'message-composer';

export function MessagesPage() {
  return (
    <SignedInOnly title="Messages">
      <Inbox />
    </SignedInOnly>
  );
}

function Inbox() {
  const [filter, changeFilter] = useUrlFilters(inboxFilters);
  const inbox = useInbox(filter);
  const markRead = useMarkMessageRead();
  const remove = useDeleteMessage();
  const restore = useRestoreMessage();
  const screen = useListScreen<Message>({
    list: inbox,
    formId: COMPOSER_ID,
    formScope: 'message',
    remove: {
      mutation: remove,
      deleted: texts.inbox.deleted,
      deleteFailed: texts.inbox.deleteFailed,
      restore: { mutation: restore, restored: dailyUseTexts.inbox.restored },
    },
  });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const list = useRef<HTMLUListElement>(null);
  const { rows, deleting } = screen;
  const unread = inbox.data?.pages[0]?.unread_count ?? 0;

  /** Opening toggles the full view and marks an unread message read; read stays read. */
  function open(message: Message) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(message.id)) next.delete(message.id);
      else next.add(message.id);
      return next;
    });
    if (!message.is_read) {
      markRead.mutate(message.id, {
        onError: (error) =>
          screen.show({
            tone: 'error',
            message: texts.inbox.markReadFailed,
            detail: errorDetail(error),
          }),
      });
    }
  }

  return (
    <>
      <PageHeader
        title="Messages"
        description="The staff inbox: a message you send reaches every staff member."
        actions={
          <Button {...screen.addButton}>
            <PenLine aria-hidden="true" className="size-4" />
            New Message
          </Button>
        }
      />
      <NoticeArea {...screen.notice} />

      {screen.form && (
        <section
          id={COMPOSER_ID}
          aria-labelledby={`${COMPOSER_ID}-heading`}
          className={`${cardClasses} mb-8 p-6`}
        >
          <h2 id={`${COMPOSER_ID}-heading`} className="mb-4 font-display text-lg font-semibold">
            New message
          </h2>
          <Composer
            onSent={() => {
              screen.show({ tone: 'success', message: texts.inbox.sent });
              screen.closeForm();
            }}
            onFailed={(error) =>
              screen.show({
                tone: 'error',
                message: texts.inbox.sendFailed,
                detail: errorDetail(error),
              })
            }
            onCancel={screen.closeForm}
          />
        </section>
      )}

      <div role="search" aria-label="Find messages" className="mb-4 sm:max-w-md">
        <SearchBox
          label={dailyUseTexts.inbox.search}
          placeholder={dailyUseTexts.inbox.searchHint}
          value={filter.q}
          onSearch={(q) => changeFilter({ q })}
          inputRef={screen.searchBox}
        />
      </div>

      <ListSection
        id="inbox-heading"
        title={filter.q === '' ? 'Inbox' : `Inbox matching “${filter.q}”`}
        headingRef={screen.listHeading}
        aside={
          inbox.data && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {unread === 0 ? 'All read' : `${unread} unread`}
            </p>
          )
        }
        list={inbox}
        count={rows.length}
        loadingLabel="Loading messages…"
        rowClassName="h-24"
        loadFailed={texts.inbox.loadFailed}
        empty={filter.q === '' ? texts.inbox.empty : dailyUseTexts.inbox.noMatch}
      >
        <ul ref={list} className="space-y-3">
          {rows.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              expanded={expanded.has(message.id)}
              onOpen={() => open(message)}
              onDelete={() => screen.askToDelete(message)}
            />
          ))}
        </ul>
        <LoadMore query={inbox} list={list} count={rows.length} />
      </ListSection>

      <ConfirmDialog
        {...screen.deleteDialog}
        title={deleting ? `Delete message from ${deleting.sender}` : ''}
        message={texts.inbox.confirmDelete}
        note={dailyUseTexts.inbox.deleteOwnOnly}
        confirmLabel="Delete"
      />
    </>
  );
}
