import { useId, useRef, useState } from 'react';
import { PenLine, Trash2 } from 'lucide-react';
import { MESSAGE_PREVIEW_LINES, texts } from '@um/contract';
import type { Message } from '@um/contract';
import { useNotice } from '../../components/ui/Banner';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { IconButton } from '../../components/ui/IconButton';
import { ListBody, LoadMore } from '../../components/ui/ListStates';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { SignedOutNotice } from '../../components/ui/SignedOutNotice';
import { cx } from '../../components/ui/cx';
import { useConfirmedDelete, useOpenPanel } from '../../components/ui/useEditableList';
import { keptDraft } from '../../components/ui/useUnsavedForm';
import { errorDetail } from '../../lib/api-client';
import { useStoredSession } from '../../lib/session';
import { Composer } from './Composer';
import { useDeleteMessage, useInbox, useMarkRead } from './hooks';

const COMPOSER_ID = 'message-composer';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function MessagesPage() {
  const { tokens } = useStoredSession();
  return tokens ? <Inbox /> : <SignedOutNotice title="Messages" />;
}

function Inbox() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const remove = useDeleteMessage();
  const { user } = useStoredSession();
  const { notice, show, clear } = useNotice();
  const {
    panel: composer,
    open: openComposer,
    close: closeComposer,
    opener: newButton,
  } = useOpenPanel<'composing'>(clear, () =>
    // Open again with the message being written when the session ended under it.
    keptDraft('message', user?.id) ? 'composing' : null,
  );
  const composing = composer !== null;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const { deleting, askToDelete, cancelDelete, confirmDelete, listHeading } =
    useConfirmedDelete<Message>({
      remove: remove.mutate,
      show,
      deleted: texts.inbox.deleted,
      deleteFailed: texts.inbox.deleteFailed,
    });
  const list = useRef<HTMLUListElement>(null);

  const rows = inbox.data?.pages.flatMap((page) => page.data) ?? [];
  const unread = inbox.data?.pages[0]?.unread_count ?? 0;

  /** SPEC.md 4: opening toggles the full view and marks an unread message read; read stays read. */
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
          show({
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
          <Button
            ref={newButton}
            aria-expanded={composing}
            aria-controls={composing ? COMPOSER_ID : undefined}
            onClick={() => (composing ? closeComposer() : openComposer('composing'))}
          >
            <PenLine aria-hidden="true" className="size-4" />
            New Message
          </Button>
        }
      />
      <NoticeArea notice={notice} onDismiss={clear} />

      {composing && (
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
              show({ tone: 'success', message: texts.inbox.sent });
              closeComposer();
            }}
            onFailed={(error) =>
              show({
                tone: 'error',
                message: texts.inbox.sendFailed,
                detail: errorDetail(error),
              })
            }
            onCancel={closeComposer}
          />
        </section>
      )}

      <section aria-labelledby="inbox-heading" aria-busy={inbox.isFetching || undefined}>
        <div className="mb-4 flex items-baseline gap-3">
          <h2
            id="inbox-heading"
            ref={listHeading}
            tabIndex={-1}
            className="font-display text-lg font-semibold focus:outline-none"
          >
            Inbox
          </h2>
          {inbox.data && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {unread === 0 ? 'All read' : `${unread} unread`}
            </p>
          )}
        </div>
        <ListBody
          query={inbox}
          count={rows.length}
          loadingLabel="Loading messages…"
          rowClassName="h-24"
          loadFailed={texts.inbox.loadFailed}
          empty={texts.inbox.empty}
        >
          <ul ref={list} className="space-y-3">
            {rows.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                expanded={expanded.has(message.id)}
                onOpen={() => open(message)}
                onDelete={() => {
                  clear();
                  askToDelete(message);
                }}
              />
            ))}
          </ul>
          <LoadMore query={inbox} list={list} count={rows.length} />
        </ListBody>
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete message from ${deleting.sender}` : ''}
        message={texts.inbox.confirmDelete}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={cancelDelete}
      />
    </>
  );
}

interface MessageItemProps {
  message: Message;
  expanded: boolean;
  onOpen: () => void;
  onDelete: () => void;
}

/**
 * One message: a button showing the sender, the time and a two-line preview, which opens the
 * full text below it. Unread ones are bold and say "Unread", so colour is never the only sign.
 */
function MessageItem({ message, expanded, onOpen, onDelete }: MessageItemProps) {
  const bodyId = useId();
  const unread = !message.is_read;
  const time = timeFormat.format(new Date(message.timestamp));
  return (
    <li
      tabIndex={-1}
      className={cx(
        cardClasses,
        unread && 'border-brand-300 bg-brand-50/60 dark:border-brand-700 dark:bg-brand-950/40',
      )}
    >
      <div className="flex items-start gap-2 p-2">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? bodyId : undefined}
          onClick={onOpen}
          className="min-w-0 flex-1 rounded-xl px-3 py-2 text-left transition-colors duration-fast hover:bg-slate-100 dark:hover:bg-slate-800/60"
        >
          <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
            {unread && (
              <>
                <span aria-hidden="true" className="size-2 shrink-0 rounded-pill bg-accent-600" />
                <span className="sr-only">Unread</span>{' '}
              </>
            )}
            <span className={cx('break-words', unread ? 'font-bold' : 'font-medium')}>
              {message.sender}
            </span>{' '}
            <time
              dateTime={message.timestamp}
              className="text-xs text-slate-600 dark:text-slate-400"
            >
              {time}
            </time>
          </span>{' '}
          {!expanded && (
            <span
              data-preview
              className={cx(
                'mt-1 overflow-hidden text-sm break-words text-slate-700 [display:-webkit-box] [-webkit-box-orient:vertical] dark:text-slate-300',
                unread && 'font-semibold text-slate-900 dark:text-slate-100',
              )}
              style={{ WebkitLineClamp: MESSAGE_PREVIEW_LINES }}
            >
              {message.content}
            </span>
          )}
        </button>
        <IconButton
          icon={Trash2}
          tone="danger"
          label={`Delete message from ${message.sender}, ${time}`}
          onClick={onDelete}
        />
      </div>
      {expanded && (
        <div
          id={bodyId}
          className="px-5 pb-4 text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
        >
          {message.content}
        </div>
      )}
    </li>
  );
}
