import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { choiceParam, defineFilters, idParam, textParam, useUrlFilters } from './url-filters';

const bookFilters = defineFilters({
  shelf: idParam,
  q: textParam,
  sort: choiceParam(['title', '-title'] as const, 'title'),
});

describe('a list’s filters in the address', () => {
  it('reads each filter, and anything it does not understand as its usual value', () => {
    expect(bookFilters.read(new URLSearchParams('shelf=3&q=%20sea%20&sort=-title'))).toEqual({
      shelf: 3,
      q: 'sea',
      sort: '-title',
    });
    expect(bookFilters.read(new URLSearchParams('shelf=0x3&sort=pages'))).toEqual({
      shelf: null,
      q: '',
      sort: 'title',
    });
    expect(bookFilters.read(new URLSearchParams('shelf=-2'))).toMatchObject({ shelf: null });
  });

  it('writes a change, leaving usual values and other parameters out of it', () => {
    const written = bookFilters.write(new URLSearchParams('shelf=3&sort=-title&tab=2'), {
      shelf: null,
      q: 'sea',
      sort: 'title',
    });
    expect(written.toString()).toBe('tab=2&q=sea');
  });

  it('keeps a screen’s filters in the address without adding a history entry per change', async () => {
    function Books() {
      const [filters, change] = useUrlFilters(bookFilters);
      return (
        <>
          <p>{JSON.stringify(filters)}</p>
          <button type="button" onClick={() => change({ shelf: 4 })}>
            Shelf 4
          </button>
        </>
      );
    }
    const router = createMemoryRouter(
      [
        { path: '/', Component: () => null },
        { path: '/books', Component: Books },
      ],
      {
        initialEntries: ['/', '/books?q=sea'],
      },
    );
    render(<RouterProvider router={router} />);

    expect(screen.getByText('{"shelf":null,"q":"sea","sort":"title"}')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Shelf 4' }));
    expect(router.state.location.search).toBe('?q=sea&shelf=4');
    expect(screen.getByText('{"shelf":4,"q":"sea","sort":"title"}')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });
});
