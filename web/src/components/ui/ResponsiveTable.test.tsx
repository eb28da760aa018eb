import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setWideScreen } from '../../test/match-media';
import { ResponsiveTable } from './ResponsiveTable';
import type { Column } from './ResponsiveTable';

interface Pupil {
  id: number;
  name: string;
  roll: string;
  phone: string;
  count: number;
}

const pupils: Pupil[] = [
  { id: 1, name: 'Asha Rao', roll: '12', phone: '+91 98450 12345', count: 3 },
  { id: 2, name: 'Ravi Kumar', roll: '7', phone: '', count: 11 },
];

const columns: Column<Pupil>[] = [
  { header: 'Name', kind: 'title', cell: (pupil) => pupil.name },
  { header: 'Roll number', cell: (pupil) => pupil.roll },
  { header: 'Phone', optional: (pupil) => pupil.phone === '', cell: (pupil) => pupil.phone },
  { header: 'Messages', numeric: true, only: 'table', cell: (pupil) => pupil.count },
  {
    header: 'Goes to',
    labelled: true,
    cell: (pupil) => (
      <label>
        {`${pupil.name} goes to`}
        <select defaultValue="next">
          <option value="next">Next class</option>
        </select>
      </label>
    ),
  },
  {
    header: 'Actions',
    kind: 'actions',
    cell: (pupil) => <button type="button">{`Delete ${pupil.name}`}</button>,
  },
];

const draw = () =>
  render(
    <ResponsiveTable label="Pupils" rows={pupils} rowKey={(pupil) => pupil.id} columns={columns} />,
  );

describe('ResponsiveTable', () => {
  it('draws a table from the sm breakpoint, the title column as each row header', () => {
    setWideScreen(true);
    draw();
    const table = screen.getByRole('table', { name: 'Pupils' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Roll number', 'Phone', 'Messages', 'Goes to', 'Actions']);
    const [, asha] = within(table).getAllByRole('row');
    expect(within(asha!).getByRole('rowheader')).toHaveTextContent('Asha Rao');
    expect(within(asha!).getByRole('button', { name: 'Delete Asha Rao' })).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('draws a card per row on a phone: the title as heading, values as terms, fields whole, buttons last', () => {
    draw();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [asha, ravi] = within(screen.getByRole('list', { name: 'Pupils' })).getAllByRole(
      'listitem',
    );
    expect(within(asha!).getByRole('heading', { name: 'Asha Rao' })).toBeVisible();
    const terms = (card: HTMLElement) =>
      [...card.querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextSibling?.textContent,
      ]);
    expect(terms(asha!)).toEqual([
      ['Roll number', '12'],
      ['Phone', '+91 98450 12345'],
    ]);
    // An empty optional value is left off, and a column for the table only is not on a card.
    expect(terms(ravi!)).toEqual([['Roll number', '7']]);
    expect(ravi).not.toHaveTextContent('11');
    expect(within(asha!).getByRole('combobox', { name: 'Asha Rao goes to' })).toBeVisible();
    expect(within(asha!).queryByText('Goes to')).not.toBeInTheDocument();
    expect(within(asha!).getByRole('button', { name: 'Delete Asha Rao' })).toBeVisible();
  });

  it('follows the window across the breakpoint', () => {
    draw();
    expect(screen.getByRole('list', { name: 'Pupils' })).toBeInTheDocument();
    act(() => setWideScreen(true));
    expect(screen.getByRole('table', { name: 'Pupils' })).toBeInTheDocument();
  });
});
