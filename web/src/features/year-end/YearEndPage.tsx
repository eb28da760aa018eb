import { useState } from 'react';
import { Link } from 'react-router';
import { appRoutes, yearEndScreenTexts as t } from '@um/contract';
import type { YearEndRequest, YearEndResult } from '@um/contract';
import { Banner, useNotice } from '../../components/ui/Banner';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { PageHeader } from '../../components/ui/PageHeader';
import { SignedInOnly } from '../../components/ui/SignedOutNotice';
import { useCanWrite } from '../../lib/roles';
import { YearEndDone } from './components/YearEndDone';
import { YearEndPlanner } from './components/YearEndPlanner';

/** The end of the school year (docs/web.md, "Year end"), reached from the standards screen. */
export function YearEndPage() {
  return (
    <SignedInOnly title={t.title}>
      <YearEnd />
    </SignedInOnly>
  );
}

function YearEnd() {
  const canWrite = useCanWrite();
  const { notice, show, clear } = useNotice();
  const [done, setDone] = useState<{ request: YearEndRequest; result: YearEndResult } | null>(null);

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <Link
            to={appRoutes.standards}
            className="rounded-pill px-3 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            {t.backToStandards}
          </Link>
        }
      />
      {!canWrite ? (
        // Every step writes; the server refuses a viewer's run whatever the screen shows.
        <Banner tone="info" message={t.viewerOnly} />
      ) : done ? (
        <YearEndDone
          fromYear={done.request.from_year}
          toYear={done.request.to_year}
          result={done.result}
          onNotice={show}
        />
      ) : (
        <YearEndPlanner onDone={setDone} onNotice={show} onClearNotice={clear} />
      )}
      <NoticeArea notice={notice} onDismiss={clear} />
    </>
  );
}
