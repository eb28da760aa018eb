import { staffTexts } from '@um/contract';
import type { Notice } from '../../../components/ui/Banner';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { cardClasses } from '../../../components/ui/PageHeader';
import { errorDetail } from '../../../lib/api-client';
import { useSessions, useSignOutDevices } from '../api/sessions';
import { describeDevice } from '../user-agent';

const texts = staffTexts.devices;

/** The devices signed in as this person, with a way to sign one out or all the others. */
export function SignedInDevices({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const sessions = useSessions();
  const signOut = useSignOutDevices();
  const list = sessions.data ?? [];
  const failed = (error: unknown) =>
    onNotice({ tone: 'error', message: texts.failed, detail: errorDetail(error) });

  return (
    <section aria-labelledby="devices-heading" className={`${cardClasses} p-6`}>
      <h2 id="devices-heading" className="font-display text-lg font-semibold">
        {texts.title}
      </h2>
      {sessions.isError && (
        <Banner
          tone="error"
          message={texts.loadFailed}
          detail={errorDetail(sessions.error)}
          className="mt-4"
        />
      )}
      <ul className="mt-4 space-y-3">
        {list.map((session) => {
          const device = describeDevice(session.user_agent);
          const lastUsed = new Date(session.last_used_at).toLocaleString();
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-3 text-sm">
              <div className="min-w-0 flex-1">
                <div className="font-medium">
                  {device}
                  {session.current && (
                    <span className="ml-2 rounded-pill bg-brand-50 px-2 py-0.5 text-xs text-brand-800 dark:bg-brand-950/60 dark:text-brand-100">
                      {texts.thisDevice}
                    </span>
                  )}
                </div>
                <div className="text-slate-600 dark:text-slate-400">
                  {texts.lastUsed} <time dateTime={session.last_used_at}>{lastUsed}</time>
                  {session.ip && ` · ${session.ip}`}
                </div>
              </div>
              {!session.current && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={texts.signOut(`${device}, last used ${lastUsed}`)}
                  onClick={() =>
                    signOut.mutate(
                      { id: session.id },
                      {
                        onSuccess: () => onNotice({ tone: 'success', message: texts.signedOut }),
                        onError: failed,
                      },
                    )
                  }
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {list.length > 1 && (
        <Button
          variant="secondary"
          className="mt-4"
          loading={signOut.isPending}
          onClick={() =>
            signOut.mutate('others', {
              onSuccess: () => onNotice({ tone: 'success', message: texts.othersSignedOut }),
              onError: failed,
            })
          }
        >
          {texts.signOutOthers}
        </Button>
      )}
    </section>
  );
}
