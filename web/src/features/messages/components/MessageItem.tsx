import { useId } from 'react';
import Trash2 from 'lucide-react/icons/trash-2';
import { MESSAGE_PREVIEW_LINES } from '@um/contract';
import type { Message } from '@um/contract';
import { IconButton } from '../../../components/ui/IconButton';
import { cardClasses } from '../../../components/ui/PageHeader';
import { cx } from '../../../components/ui/cx';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface MessageItemProps {
  message: Message;
  expanded: boolean;
  onOpen: () => void;
  onDelete: () => void;
}

/**
 * One message: a button showing the sender, the time and a two-line preview, which opens the
 * full text below it. Unread ones are bold and say "Unread", so colour is never the only sign.
 */
export function MessageItem({ message, expanded, onOpen, onDelete }: MessageItemProps) {
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
              // Line breaks stay, within the two lines the preview is clamped to.
              className={cx(
                'mt-1 overflow-hidden text-sm break-words whitespace-pre-line text-slate-700 [display:-webkit-box] [-webkit-box-orient:vertical] dark:text-slate-300',
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
