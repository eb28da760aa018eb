import type { HistoryEvent } from '@um/contract';
import { appTexts } from '@um/contract';
import { Button } from './Button';
import { Dialog } from './Dialog';

const verbs: Record<HistoryEvent['action'], string> = {
  create: 'added it',
  update: 'changed it',
  delete: 'deleted it',
  restore: 'restored it',
  import: 'imported it',
};

export interface HistoryDialogProps {
  open: boolean;
  title: string;
  /** The record's events, newest first; undefined while they load. */
  events: HistoryEvent[] | undefined;
  /** Why they could not be read, when they could not. */
  error?: string | null | undefined;
  /** A person's name for each field the record's events may name. */
  fieldLabels: Record<string, string>;
  /** A field's value as a person reads it (a standard's name rather than its id). */
  describe?: (field: string, value: unknown) => string;
  /** Asks for the events before those shown; absent when there are none. */
  onShowOlder?: (() => void) | undefined;
  loadingOlder?: boolean;
  onClose: () => void;
}

/**
 * An edit, or an import that created or updated the record, is told field by field; an add, a
 * delete and a restore concern the whole record, so the sentence says enough.
 */
const listsChanges = (event: HistoryEvent) =>
  (event.action === 'update' || event.action === 'import') && Object.keys(event.changes).length > 0;

const plain = (_field: string, value: unknown) =>
  value === null || value === undefined || value === '' ? 'nothing' : `“${String(value)}”`;

/**
 * A record's history in plain words: who did what and when, and for each change what each
 * field was before and after.
 */
export function HistoryDialog({
  open,
  title,
  events,
  error,
  fieldLabels,
  describe = plain,
  onShowOlder,
  loadingOlder = false,
  onClose,
}: HistoryDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {error ? (
        <p role="alert">{error}</p>
      ) : events === undefined ? (
        <p role="status">Loading the history…</p>
      ) : events.length === 0 ? (
        <p>No changes have been recorded yet.</p>
      ) : (
        <div className="max-h-80 overflow-y-auto">
          <ol className="space-y-3">
            {events.map((event) => (
              <li key={event.id}>
                <p>
                  <span className="font-medium">{event.actor.name || 'Someone'}</span>{' '}
                  {verbs[event.action]} on{' '}
                  <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time>
                </p>
                {listsChanges(event) && (
                  <ul className="mt-1 list-disc pl-5">
                    {Object.entries(event.changes).map(([field, change]) => (
                      <li key={field}>
                        {fieldLabels[field] ?? field}: {describe(field, change.from)} →{' '}
                        {describe(field, change.to)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          {onShowOlder && (
            <Button
              variant="secondary"
              className="mt-3"
              loading={loadingOlder}
              onClick={onShowOlder}
            >
              {appTexts.history.showOlder}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
