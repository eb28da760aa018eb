import ChartColumn from 'lucide-react/icons/chart-column';
import FileArchive from 'lucide-react/icons/file-archive';
import Folder from 'lucide-react/icons/folder';
import Gauge from 'lucide-react/icons/gauge';
import ListChecks from 'lucide-react/icons/list-checks';
import MessageCircle from 'lucide-react/icons/message-circle';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserCog from 'lucide-react/icons/user-cog';
import Users from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { appRoutes } from '@um/contract';
import { cx } from '../../components/ui/cx';
import { useIsAdmin } from '../../lib/roles';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The sidebar's screens, in their order (docs/web.md, Screens and routes). */
export const navItems: NavItem[] = [
  { to: appRoutes.dashboard, label: 'Dashboard', icon: Gauge },
  { to: appRoutes.projects, label: 'Projects', icon: Folder },
  { to: appRoutes.tasks, label: 'Tasks', icon: ListChecks },
  { to: appRoutes.students, label: 'Students', icon: Users },
  { to: appRoutes.standards, label: 'Standards', icon: ShieldCheck },
  { to: appRoutes.messages, label: 'Messages', icon: MessageCircle },
  { to: appRoutes.analytics, label: 'Analytics', icon: ChartColumn },
  { to: appRoutes.settings, label: 'Settings', icon: Settings },
];

/** The admin's own screens, listed after the others to admins only (docs/staff.md). */
const adminItems: NavItem[] = [
  { to: appRoutes.staff, label: 'Staff', icon: UserCog },
  { to: appRoutes.dataSharing, label: 'Data sharing', icon: FileArchive },
];

/** The navigation list; the current screen is highlighted and marked aria-current="page". */
export function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const items = useIsAdmin() ? [...navItems, ...adminItems] : navItems;
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cx(
                  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors duration-fast',
                  isActive
                    ? 'bg-brand-600 text-white shadow-soft dark:bg-brand-500/25 dark:text-white'
                    : 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800/80',
                )
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
