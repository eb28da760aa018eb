import Circle from 'lucide-react/icons/circle';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { SampleBadge } from './SampleBadge';

export type TaskStatus = 'completed' | 'in-progress' | 'pending';

export interface SampleTask {
  title: string;
  due: string;
  status: TaskStatus;
}

/** A static sample list of four tasks covering the three statuses. */
export const sampleTasks: SampleTask[] = [
  { title: 'Publish the term calendar', due: 'Done last week', status: 'completed' },
  { title: 'Review Grade 5 enrolment list', due: 'Due Friday', status: 'in-progress' },
  { title: 'Schedule parent-teacher meetings', due: 'Due next month', status: 'pending' },
  { title: 'Update emergency contact forms', due: 'Due next month', status: 'pending' },
];

const statusStyles: Record<TaskStatus, { icon: typeof Circle; classes: string }> = {
  completed: {
    icon: CircleCheck,
    classes: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-100',
  },
  'in-progress': {
    icon: Clock,
    classes: 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
  },
  pending: {
    icon: Circle,
    classes: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  },
};

export function TasksPage() {
  return (
    <>
      <PageHeader
        title="Tasks"
        description={
          <>
            The office&apos;s to-do list. <SampleBadge />
          </>
        }
      />
      <ul className={`${cardClasses} divide-y divide-slate-200 dark:divide-slate-800`}>
        {sampleTasks.map((task) => {
          const { icon: Icon, classes } = statusStyles[task.status];
          return (
            <li key={task.title} className="flex flex-wrap items-center gap-3 px-5 py-4">
              <div className="min-w-0 flex-1">
                <p
                  className={
                    task.status === 'completed'
                      ? 'font-medium text-slate-600 line-through dark:text-slate-400'
                      : 'font-medium'
                  }
                >
                  {task.title}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">{task.due}</p>
              </div>
              <span
                className={`inline-flex items-center gap-1.5 rounded-pill px-2.5 py-1 text-xs font-medium ${classes}`}
              >
                <Icon aria-hidden="true" className="size-3.5" />
                {task.status}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
