import { ONEROSTER_BASE_PATH, rosterPaths, rosterTexts } from '@um/contract';
import type { ApiClientCreated } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';

export interface ClientSecretDialogProps {
  client: ApiClientCreated | null;
  onDone: () => void;
}

/**
 * What the other system needs, the secret among it, shown this once: the server keeps only its
 * hash, so closing this is the last time anyone sees it.
 */
export function ClientSecretDialog({ client, onDone }: ClientSecretDialogProps) {
  const origin = window.location.origin;
  const rows: [string, string][] = client
    ? [
        [rosterTexts.clientIdLabel, client.client_id],
        [rosterTexts.clientSecretLabel, client.client_secret],
        [rosterTexts.tokenUrlLabel, `${origin}${rosterPaths.oauthToken}`],
        [rosterTexts.apiUrlLabel, `${origin}${ONEROSTER_BASE_PATH}`],
      ]
    : [];
  return (
    <Dialog
      open={client !== null}
      title={client ? rosterTexts.created(client.name) : ''}
      onClose={onDone}
      actions={<Button onClick={onDone}>{rosterTexts.secretDone}</Button>}
    >
      <p role="note" className="font-medium text-amber-800 dark:text-amber-200">
        {rosterTexts.secretOnce}
      </p>
      <dl className="mt-4 space-y-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd>
              <code className="block rounded-lg bg-slate-100 px-2 py-1 text-sm break-all select-all dark:bg-slate-800">
                {value}
              </code>
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
