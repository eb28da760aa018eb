import { useRef } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { appTexts } from '@um/contract';
import { createQueryClient } from '../../lib/query';
import { Button } from './Button';
import { ConfirmDialog } from './Dialog';
import { Field } from './Field';
import { EditorPanel, ListSection, LoadMore } from './ListStates';
import { NoticeArea } from './NoticeArea';
import { useListScreen } from './useListScreen';

interface Book {
  id: number;
  title: string;
}

/**
 * A small library held in memory: what a screen's API calls would reach. `failing` makes the
 * next call of that kind fail with the given reason.
 */
function library(books: Book[]) {
  const shelf = { books: [...books], bin: [] as Book[], failing: {} as Record<string, string> };
  const call = async <T,>(kind: string, run: () => T): Promise<T> => {
    const reason = shelf.failing[kind];
    if (reason) {
      delete shelf.failing[kind];
      throw new Error(reason);
    }
    return run();
  };
  return {
    shelf,
    list: () => call('list', () => [...shelf.books]),
    remove: (id: number) =>
      call('remove', () => {
        shelf.bin.push(...shelf.books.filter((book) => book.id === id));
        shelf.books = shelf.books.filter((book) => book.id !== id);
      }),
    restore: (id: number) =>
      call('restore', () => {
        shelf.books.push(...shelf.bin.filter((book) => book.id === id));
        shelf.bin = shelf.bin.filter((book) => book.id !== id);
      }),
  };
}

type Library = ReturnType<typeof library>;

/** A list screen as the app's screens are built: the shared hook, its list, form and dialog. */
function BooksScreen({ books }: { books: Library }) {
  const list = useQuery({ queryKey: ['books'], queryFn: books.list, retry: false });
  const refetch = () => list.refetch();
  const remove = useMutation({ mutationFn: books.remove, onSuccess: refetch });
  const restore = useMutation({ mutationFn: books.restore, onSuccess: refetch });
  const screenState = useListScreen<Book>({
    list,
    formId: 'book-form',
    remove: {
      mutation: remove,
      deleted: 'Book deleted.',
      deleteFailed: 'Failed to delete book.',
      restore: { mutation: restore, restored: 'Book restored.' },
    },
  });
  const rowsRef = useRef<HTMLUListElement>(null);
  const { rows, editing, searchBox } = screenState;
  return (
    <>
      <Button {...screenState.addButton}>Add Book</Button>
      <Field label="Search books" type="search" ref={searchBox} />
      <NoticeArea {...screenState.notice} />
      {screenState.form && (
        <EditorPanel
          id="book-form"
          title={editing ? `Edit ${editing.title}` : 'Add a book'}
          onClose={screenState.closeForm}
        >
          <Field label="Title" defaultValue={editing?.title} />
        </EditorPanel>
      )}
      <ListSection
        id="books-heading"
        title="All books"
        headingRef={screenState.listHeading}
        list={list}
        count={rows.length}
        loadingLabel="Loading books…"
        rowClassName="h-10"
        loadFailed="Failed to load books."
        empty="No books found"
      >
        <ul ref={rowsRef}>
          {rows.map((book) => (
            <li key={book.id}>
              {book.title}
              <button type="button" onClick={() => screenState.openForm(book)}>
                Edit {book.title}
              </button>
              <button type="button" onClick={() => screenState.askToDelete(book)}>
                Delete {book.title}
              </button>
            </li>
          ))}
        </ul>
        <LoadMore
          query={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: refetch }}
          list={rowsRef}
          count={rows.length}
        />
      </ListSection>
      <ConfirmDialog
        {...screenState.deleteDialog}
        title={screenState.deleting ? `Delete ${screenState.deleting.title}` : ''}
        message="Are you sure you want to delete this book?"
        confirmLabel="Delete"
      />
    </>
  );
}

function renderBooks(books: Library) {
  // The dialogs make the app's root inert, as in the app.
  const root = document.body.appendChild(document.createElement('div'));
  root.id = 'root';
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BooksScreen books={books} />
    </QueryClientProvider>,
    { container: root },
  );
}

const user = () => userEvent.setup({ delay: null });
const odyssey = { id: 1, title: 'Odyssey' };
const iliad = { id: 2, title: 'Iliad' };

describe('a list screen', () => {
  it('shows placeholder rows under its heading while the list loads, then the rows', async () => {
    renderBooks(library([odyssey, iliad]));

    expect(screen.getByRole('heading', { name: 'All books' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading books…');
    const list = await screen.findByRole('region', { name: 'All books' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('No books found')).not.toBeInTheDocument();
  });

  it('says when the list is empty', async () => {
    renderBooks(library([]));
    expect(await screen.findByText('No books found')).toBeInTheDocument();
  });

  it('says why the list could not be read, and reads it again on request', async () => {
    const books = library([odyssey]);
    books.shelf.failing['list'] = 'The shelf is locked.';
    renderBooks(books);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load books.');
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Odyssey')).toBeInTheDocument();
  });

  it('asks before deleting, says so with an Undo that restores, and puts focus on the list', async () => {
    const actor = user();
    const books = library([odyssey, iliad]);
    renderBooks(books);

    await actor.click(await screen.findByRole('button', { name: 'Delete Odyssey' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Odyssey' });
    await actor.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Book deleted.');
    await waitFor(() => expect(screen.queryByText('Odyssey')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'All books' })).toHaveFocus());

    await actor.click(within(notice).getByRole('button', { name: appTexts.history.undo }));
    expect(await screen.findByRole('status')).toHaveTextContent('Book restored.');
    expect(await screen.findByText('Odyssey')).toBeInTheDocument();
  });

  it('says why a delete or its undo failed, with the reason, and keeps the row', async () => {
    const actor = user();
    const books = library([odyssey]);
    renderBooks(books);

    books.shelf.failing['remove'] = 'The book is on loan.';
    const remove = await screen.findByRole('button', { name: 'Delete Odyssey' });
    await actor.click(remove);
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete book.');
    expect(screen.getByText('Odyssey')).toBeInTheDocument();
    expect(remove).toHaveFocus();

    await actor.click(remove);
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    books.shelf.failing['restore'] = 'The shelf is full.';
    await actor.click(
      within(await screen.findByRole('status')).getByRole('button', {
        name: appTexts.history.undo,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(appTexts.history.restoreFailed);
  });

  it('opens the form from its button and closes it with focus back there; deleting the item it edits closes it', async () => {
    const actor = user();
    renderBooks(library([odyssey, iliad]));

    const add = await screen.findByRole('button', { name: 'Add Book' });
    await actor.click(add);
    expect(add).toHaveAttribute('aria-expanded', 'true');
    expect(add).toHaveAttribute('aria-controls', 'book-form');
    expect(screen.getByRole('region', { name: 'Add a book' })).toBeInTheDocument();
    await actor.click(add);
    expect(screen.queryByRole('region', { name: 'Add a book' })).not.toBeInTheDocument();
    expect(add).toHaveAttribute('aria-expanded', 'false');

    const edit = screen.getByRole('button', { name: 'Edit Iliad' });
    await actor.click(edit);
    await actor.click(screen.getByLabelText('Title'));
    await actor.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Edit Iliad' })).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    await actor.click(edit);
    await actor.click(screen.getByRole('button', { name: 'Delete Iliad' }));
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('status');
    expect(screen.queryByRole('region', { name: 'Edit Iliad' })).not.toBeInTheDocument();
  });

  it('puts the cursor in the search box on "/", but not while typing in a field or behind a dialog', async () => {
    const actor = user();
    renderBooks(library([odyssey]));
    const search = screen.getByLabelText('Search books');

    await actor.click(await screen.findByRole('button', { name: 'Edit Odyssey' }));
    const title = screen.getByLabelText('Title');
    await actor.clear(title);
    await actor.type(title, 'AC/DC');
    expect(title).toHaveValue('AC/DC');
    expect(title).toHaveFocus();

    await actor.click(screen.getByRole('button', { name: 'Delete Odyssey' }));
    await actor.keyboard('/');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(search).not.toHaveFocus();
    await actor.keyboard('{Escape}');

    await actor.click(screen.getByRole('heading', { name: 'All books' }));
    await actor.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
  });
});
