import { rosterTexts } from '@um/contract';
import { useNotice } from '../../components/ui/Banner';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { PageHeader } from '../../components/ui/PageHeader';
import { SignedInOnly } from '../../components/ui/SignedOutNotice';
import { errorDetail } from '../../lib/api-client';
import { AccessLog } from './components/AccessLog';
import { ClientsPanel } from './components/ClientsPanel';
import { ExportPanel } from './components/ExportPanel';

/**
 * The admin's data sharing screen (docs/oneroster.md): the OneRoster export, the API clients
 * other systems read rosters with, and who received what.
 */
export function DataSharingPage() {
  return (
    <SignedInOnly title={rosterTexts.title}>
      <DataSharing />
    </SignedInOnly>
  );
}

function DataSharing() {
  const { notice, show, clear } = useNotice();
  const failed = (message: string, error: unknown) =>
    show({ tone: 'error', message, detail: errorDetail(error) });

  return (
    <>
      <PageHeader title={rosterTexts.title} description={rosterTexts.intro} />
      <NoticeArea notice={notice} onDismiss={clear} />
      <div className="space-y-6">
        <ExportPanel
          onExported={() => show({ tone: 'success', message: rosterTexts.exported })}
          onFailed={(error) => failed(rosterTexts.exportFailed, error)}
        />
        <ClientsPanel
          onCreated={(client) =>
            show({ tone: 'success', message: rosterTexts.created(client.name) })
          }
          onRevoked={(client) =>
            show({ tone: 'success', message: rosterTexts.revoked(client.name) })
          }
          onFailed={failed}
        />
        <AccessLog />
      </div>
    </>
  );
}
