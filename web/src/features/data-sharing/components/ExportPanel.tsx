import { useState } from 'react';
import type { FormEvent } from 'react';
import Download from 'lucide-react/icons/download';
import { rosterTexts } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { cardClasses } from '../../../components/ui/PageHeader';
import { saveFile } from '../../../lib/save-file';
import { exportOneRoster } from '../api/export-oneroster';

export interface ExportPanelProps {
  onExported: () => void;
  onFailed: (error: unknown) => void;
}

/** The OneRoster zip: everything, or only what changed since the last export (a delta). */
export function ExportPanel({ onExported, onFailed }: ExportPanelProps) {
  const [working, setWorking] = useState<'all' | 'since' | null>(null);
  const [since, setSince] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function download(kind: 'all' | 'since') {
    setWorking(kind);
    try {
      // The date and time typed are the school's own, in this browser's time zone.
      const { file, name } = await exportOneRoster(
        kind === 'since' ? new Date(since).toISOString() : undefined,
      );
      saveFile(file, name);
      onExported();
    } catch (failure) {
      onFailed(failure);
    } finally {
      setWorking(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!since || Number.isNaN(new Date(since).getTime())) {
      setError(rosterTexts.sinceRequired);
      return;
    }
    setError(undefined);
    void download('since');
  }

  return (
    <section aria-labelledby="export-heading" className={`${cardClasses} space-y-4 p-4 sm:p-6`}>
      <h2 id="export-heading" className="font-display text-lg font-semibold">
        {rosterTexts.exportHeading}
      </h2>
      <Button loading={working === 'all'} onClick={() => void download('all')}>
        <Download aria-hidden="true" className="size-4" />
        {rosterTexts.exportAll}
      </Button>
      <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <Field
          label={rosterTexts.sinceLabel}
          type="datetime-local"
          className="min-w-0 flex-1 basis-56"
          value={since}
          error={error}
          onChange={(event) => setSince(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={working === 'since'}>
          <Download aria-hidden="true" className="size-4" />
          {rosterTexts.exportSince}
        </Button>
      </form>
    </section>
  );
}
