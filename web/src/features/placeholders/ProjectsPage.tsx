import Folder from 'lucide-react/icons/folder';
import Plus from 'lucide-react/icons/plus';
import { Button } from '../../components/ui/Button';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { SampleBadge } from './SampleBadge';

export interface SampleProject {
  name: string;
  description: string;
  progress: number;
}

/** A static sample list of three projects. */
export const sampleProjects: SampleProject[] = [
  {
    name: 'Timetable Planner',
    description: "Draft next term's class timetable with every teacher's availability.",
    progress: 65,
  },
  {
    name: 'Parent Portal',
    description: 'Let parents see report cards and attendance online.',
    progress: 30,
  },
  {
    name: 'Library Catalogue',
    description: "Move the library's card index into a searchable list.",
    progress: 90,
  },
];

export function ProjectsPage() {
  return (
    <>
      <PageHeader
        title="Projects"
        description={
          <>
            What the school office is working on. <SampleBadge />
          </>
        }
        actions={
          // The button is part of the sample screen and does nothing yet.
          <Button>
            <Plus aria-hidden="true" className="size-4" />
            New Project
          </Button>
        }
      />
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {sampleProjects.map((project) => (
          <li key={project.name} className={`${cardClasses} p-5 animate-fade-in-up`}>
            <div className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-900/60 dark:text-brand-200"
              >
                <Folder className="size-5" />
              </span>
              <div className="min-w-0">
                <h2 className="font-display font-semibold">{project.name}</h2>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {project.description}
                </p>
              </div>
            </div>
            <div className="mt-5">
              <div className="flex justify-between text-xs text-slate-600 dark:text-slate-300">
                <span>Progress</span>
                <span>{project.progress}%</span>
              </div>
              <div
                role="progressbar"
                aria-label={`${project.name} progress`}
                aria-valuenow={project.progress}
                aria-valuemin={0}
                aria-valuemax={100}
                className="mt-1.5 h-2 overflow-hidden rounded-pill bg-slate-200 dark:bg-slate-800"
              >
                <div
                  className="h-full rounded-pill bg-linear-to-r from-brand-500 to-accent-500"
                  style={{ width: `${project.progress}%` }}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
