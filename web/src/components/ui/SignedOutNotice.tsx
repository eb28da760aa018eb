import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { appRoutes, texts } from '@um/contract';
import { Banner } from './Banner';
import { useStoredSession } from '../../lib/session';
import { PageHeader } from './PageHeader';

/**
 * What a data screen shows when it has no access token (docs/web.md, Access), for the moment
 * between the session ending in another tab and the app sending this one to the login page.
 */
export function SignedOutNotice({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Banner tone="error" message={texts.access.pleaseLogIn} />
      <p className="mt-4 text-sm">
        <Link
          to={appRoutes.login}
          className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
        >
          Log in
        </Link>
      </p>
    </>
  );
}

/** A data screen while an access token is held; the notice above otherwise. */
export function SignedInOnly({ title, children }: { title: string; children: ReactNode }) {
  const { tokens } = useStoredSession();
  return tokens ? children : <SignedOutNotice title={title} />;
}
