import MessageCircle from 'lucide-react/icons/message-circle';
import { Link } from 'react-router';
import { appRoutes } from '@um/contract';
import { useUnreadCount } from '../../lib/api/get-unread-count';

export function UnreadBadge() {
  const { data: unread = 0 } = useUnreadCount();
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages, none unread';
  return (
    <Link
      to={appRoutes.messages}
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 items-center justify-center rounded-pill text-slate-700 transition-colors duration-fast hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800/80"
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-pill bg-accent-600 px-1.5 text-[0.6875rem] leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
