import { useRef, useState } from 'react';
import { appTexts, dailyUseTexts } from '@um/contract';
import type { BinEntry } from '@um/contract';
import { ListSection, LoadMore } from '../../components/ui/ListStates';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { PageHeader } from '../../components/ui/PageHeader';
import { SearchBox } from '../../components/ui/SearchBox';
import { SignedInOnly } from '../../components/ui/SignedOutNotice';
import { useListScreen } from '../../components/ui/useListScreen';
import { ApiError, errorDetail } from '../../lib/api-client';
import { useUrlFilters } from '../../lib/url-filters';
import { useCanWrite } from '../../lib/roles';
import { useBin } from './api/get-bin';
import { useRestoreFromBin } from './api/restore-from-bin';
import { BinEntryItem } from './components/BinEntryItem';
import { RecentChanges } from './components/RecentChanges';
import { RollNumberDialog } from './components/RollNumberDialog';
import { binFilters } from './filters';

/** "Recently deleted": the bin's students and standards, newest first, each restorable. */
export function RecentlyDeletedPage() {
  return (
    <SignedInOnly title="Recently deleted">
      <RecentlyDeleted />
    </SignedInOnly>
  );
}

/** The server's reason when a restore was refused because the roll number is taken. */
function rollNumberTaken(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return error.fieldErrors['roll_number']?.[0] ?? null;
}

function RecentlyDeleted() {
  const [filter, changeFilter] = useUrlFilters(binFilters);
  const bin = useBin(filter);
  const restore = useRestoreFromBin();
  const screen = useListScreen<BinEntry>({ list: bin });
  const canWrite = useCanWrite();
  const list = useRef<HTMLUListElement>(null);
  const { rows } = screen;
  /** The student whose roll number was taken, asked for another one, and why the last was refused. */
  const [renumbering, setRenumbering] = useState<{
    entry: BinEntry;
    error: string | null;
  } | null>(null);

  function restored(entry: BinEntry) {
    setRenumbering(null);
    screen.show({
      tone: 'success',
      message:
        entry.entity === 'student'
          ? appTexts.history.studentRestored
          : appTexts.history.standardRestored,
    });
  }

  function restoreEntry(entry: BinEntry) {
    screen.clear();
    restore.mutate(
      { entry },
      {
        onSuccess: () => restored(entry),
        onError: (error) => {
          // A roll number taken meanwhile is not the end: the student can come back under another.
          if (entry.entity === 'student' && rollNumberTaken(error) !== null) {
            setRenumbering({ entry, error: null });
            return;
          }
          screen.show({
            tone: 'error',
            message: appTexts.history.restoreFailed,
            detail: errorDetail(error),
          });
        },
      },
    );
  }

  function restoreWith(entry: BinEntry, rollNumber: string) {
    restore.mutate(
      { entry, rollNumber },
      {
        onSuccess: () => restored(entry),
        onError: (error) => {
          const taken = rollNumberTaken(error);
          if (taken !== null) {
            setRenumbering({ entry, error: taken });
            return;
          }
          setRenumbering(null);
          screen.show({
            tone: 'error',
            message: appTexts.history.restoreFailed,
            detail: errorDetail(error),
          });
        },
      },
    );
  }

  return (
    <>
      <PageHeader title="Recently deleted" description={appTexts.history.binDescription} />
      <NoticeArea {...screen.notice} />
      <div role="search" aria-label="Find recently deleted" className="mb-4 sm:max-w-md">
        <SearchBox
          label={dailyUseTexts.bin.search}
          placeholder={dailyUseTexts.bin.searchHint}
          value={filter.q}
          onSearch={(q) => changeFilter({ q })}
          inputRef={screen.searchBox}
        />
      </div>
      <ListSection
        id="bin-heading"
        title={
          filter.q === ''
            ? 'Deleted students and standards'
            : `Deleted students and standards matching “${filter.q}”`
        }
        headingRef={screen.listHeading}
        list={bin}
        count={rows.length}
        loadingLabel="Loading recently deleted…"
        rowClassName="h-20"
        loadFailed={appTexts.history.binLoadFailed}
        empty={filter.q === '' ? appTexts.history.binEmpty : dailyUseTexts.bin.noMatch}
      >
        <ul ref={list} className="space-y-3">
          {rows.map((entry) => (
            <BinEntryItem
              key={`${entry.entity}-${entry.id}`}
              entry={entry}
              restoring={restore.isPending && restore.variables.entry === entry}
              onRestore={() => restoreEntry(entry)}
              canRestore={canWrite}
            />
          ))}
        </ul>
        <LoadMore query={bin} list={list} count={rows.length} />
      </ListSection>
      <RecentChanges
        canUndo={canWrite}
        onNotice={(notice) => (notice ? screen.show(notice) : screen.clear())}
      />
      <RollNumberDialog
        key={renumbering ? `${renumbering.entry.entity}-${renumbering.entry.id}` : 'closed'}
        entry={renumbering?.entry ?? null}
        error={renumbering?.error ?? null}
        busy={restore.isPending}
        onRestore={(rollNumber) => renumbering && restoreWith(renumbering.entry, rollNumber)}
        onCancel={() => setRenumbering(null)}
      />
    </>
  );
}
