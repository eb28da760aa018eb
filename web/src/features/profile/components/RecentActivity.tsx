import { staffTexts } from '@um/contract';
import { Banner } from '../../../components/ui/Banner';
import { cardClasses } from '../../../components/ui/PageHeader';
import { errorDetail } from '../../../lib/api-client';
import { useActivity } from '../api/activity';
import { describeDevice } from '../user-agent';

const texts = staffTexts.activity;

/** The person's latest sign-ins and changes to their account, newest first. */
export function RecentActivity() {
  const activity = useActivity();
  const events = activity.data ?? [];
  return (
    <section aria-labelledby="activity-heading" className={`${cardClasses} p-6`}>
      <h2 id="activity-heading" className="font-display text-lg font-semibold">
        {texts.title}
      </h2>
      {activity.isError && (
        <Banner
          tone="error"
          message={texts.loadFailed}
          detail={errorDetail(activity.error)}
          className="mt-4"
        />
      )}
      {activity.isSuccess && events.length === 0 && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{texts.empty}</p>
      )}
      <ul className="mt-4 space-y-2 text-sm">
        {events.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <span className="font-medium">{staffTexts.activityKinds[event.kind]}</span>{' '}
            <time dateTime={event.at} className="text-slate-600 dark:text-slate-400">
              {new Date(event.at).toLocaleString()}
            </time>
            <span className="text-slate-600 dark:text-slate-400">
              {' '}
              ·{' '}
              {event.by_administrator
                ? texts.byAdministrator
                : `${describeDevice(event.user_agent)}${event.ip ? ` · ${event.ip}` : ''}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
