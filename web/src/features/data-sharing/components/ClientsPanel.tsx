import { useState } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import { rosterTexts } from '@um/contract';
import type { ApiClient, ApiClientCreated } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { ListBody } from '../../../components/ui/ListStates';
import { cardClasses } from '../../../components/ui/PageHeader';
import { useApiClients, useRevokeApiClient } from '../api/api-clients';
import { ClientSecretDialog } from './ClientSecretDialog';
import { NewClientDialog } from './NewClientDialog';

const shownDate = (iso: string) => new Date(iso).toLocaleString();

export interface ClientsPanelProps {
  onCreated: (client: ApiClientCreated) => void;
  onRevoked: (client: ApiClient) => void;
  onFailed: (message: string, error: unknown) => void;
}

/** The OneRoster API's clients: a new one (its secret shown once), and revoking one. */
export function ClientsPanel({ onCreated, onRevoked, onFailed }: ClientsPanelProps) {
  const clients = useApiClients();
  const revoke = useRevokeApiClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiClientCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const rows = clients.data ?? [];

  function confirmRevoke(client: ApiClient) {
    setRevoking(null);
    revoke.mutate(client.id, {
      onSuccess: () => onRevoked(client),
      onError: (error) => onFailed(rosterTexts.revokeFailed, error),
    });
  }

  return (
    <section aria-labelledby="clients-heading" className={`${cardClasses} space-y-4 p-4 sm:p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="clients-heading" className="font-display text-lg font-semibold">
          {rosterTexts.clientsHeading}
        </h2>
        <Button onClick={() => setCreating(true)}>
          <KeyRound aria-hidden="true" className="size-4" />
          {rosterTexts.newClient}
        </Button>
      </div>
      <ListBody
        query={clients}
        count={rows.length}
        loadingLabel="Loading API clients…"
        rowClassName="h-16"
        loadFailed={rosterTexts.loadFailed}
        empty={rosterTexts.clientsEmpty}
      >
        <ul
          className="divide-y divide-slate-200 dark:divide-slate-700"
          aria-label={rosterTexts.clientsHeading}
        >
          {rows.map((client) => (
            <li key={client.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
              <div className="min-w-0 flex-1 basis-56">
                <p className="font-medium break-words">{client.name}</p>
                <p className="text-sm break-all text-slate-600 dark:text-slate-400">
                  <code>{client.client_id}</code>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {client.revoked_at
                    ? rosterTexts.revokedOn(shownDate(client.revoked_at))
                    : client.last_used_at
                      ? rosterTexts.lastUsed(shownDate(client.last_used_at))
                      : rosterTexts.neverUsed}
                </p>
              </div>
              {!client.revoked_at && (
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={`${rosterTexts.revoke} ${client.name}`}
                  onClick={() => setRevoking(client)}
                >
                  {rosterTexts.revoke}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </ListBody>
      <NewClientDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(client) => {
          setCreating(false);
          setCreated(client);
          onCreated(client);
        }}
      />
      <ClientSecretDialog client={created} onDone={() => setCreated(null)} />
      <Dialog
        open={revoking !== null}
        title={revoking ? rosterTexts.revokeTitle(revoking.name) : ''}
        onClose={() => setRevoking(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => revoking && confirmRevoke(revoking)}>
              {rosterTexts.revoke}
            </Button>
          </>
        }
      >
        <p>{rosterTexts.revokeQuestion}</p>
      </Dialog>
    </section>
  );
}
