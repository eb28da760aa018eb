import { Fragment } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useMediaQuery } from '../../lib/media-query';
import { cardClasses } from './PageHeader';
import { ScrollBox } from './ScrollBox';
import { cx } from './cx';

/**
 * From this width on the rows are a table; narrower (a phone), a card each. Tailwind's `sm`
 * breakpoint: below it a table of more than three columns does not fit (docs/web.md, "Phone
 * width").
 */
export const TABLE_FROM = '(min-width: 640px)';

export interface Column<Row> {
  /** The column's heading in the table, and the term before the value on a card. */
  header: string;
  /** Tells the column apart where two may have the same heading (a file's columns). */
  id?: string;
  /** What the row holds in this column. */
  cell: (row: Row) => ReactNode;
  /**
   * - `title`: names the row: the table's row header, the card's heading;
   * - `select`: the box that chooses the row, first on a card;
   * - `actions`: the row's buttons, a row of their own at the end of a card.
   * Other columns are a term and its value on a card.
   */
  kind?: 'title' | 'select' | 'actions';
  /** The column's heading cell, when it is more than a heading (a sort button, a box). */
  headerCell?: ReactNode;
  /** Counts line up on their right in the table. */
  numeric?: boolean;
  /** Classes of the column's table cells (width, wrapping). */
  className?: string;
  /** The value as a card shows it, where it differs from the table's cell. */
  card?: (row: Row) => ReactNode;
  /** Left off a card whose value is empty: an optional field nobody filled in. */
  optional?: (row: Row) => boolean;
  /** The cell labels itself (a form field): a card shows it whole, without a term before it. */
  labelled?: boolean;
  /** Shown only in the table, or only on a card (a field too long for a table's line). */
  only?: 'table' | 'card';
}

export interface ResponsiveTableProps<Row> {
  /** Names the table, or the list of cards, for screen readers. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: ReadonlyArray<Column<Row> | false | null | undefined>;
  /** The width from which it is a table; `TABLE_FROM` unless a table needs more room. */
  tableFrom?: string;
  /**
   * The rows' container (the table's body or the list), whose rows take focus when Load more
   * brings them (ListStates.LoadMore).
   */
  bodyRef?: RefObject<HTMLElement | null>;
  /** Classes of one row or card, such as the mark of the one just added. */
  rowClassName?: (row: Row) => string | false | null | undefined;
  /** Rows of a previous filter, shown faded until the new ones arrive. */
  dimmed?: boolean;
  /** A card around the table; off where the table already sits in one. */
  framed?: boolean;
  /** Denser rows, for lists read many at a time. */
  dense?: boolean;
  /**
   * The table may be wider than the screen even where it is a table (a file's columns, as many
   * as the file has): it scrolls sideways in a box the keyboard can scroll too.
   */
  scrolls?: boolean;
}

const headerClasses = 'px-3 py-2 text-left text-sm font-semibold whitespace-nowrap';

/**
 * Rows with columns, built once for every screen (docs/web.md, "Phone width"): a table where
 * there is room, and below `tableFrom` a card per row, its title as heading, each other column
 * a term and its value, and its buttons on a line of their own, so nothing needs sideways
 * scrolling on a phone and every button stays in view. Both are drawn from the same columns, so
 * a control is the same control in either.
 */
export function ResponsiveTable<Row>({
  label,
  rows,
  rowKey,
  columns: maybeColumns,
  tableFrom = TABLE_FROM,
  bodyRef,
  rowClassName,
  dimmed = false,
  framed = true,
  dense = false,
  scrolls = false,
}: ResponsiveTableProps<Row>) {
  const wide = useMediaQuery(tableFrom);
  const columns = maybeColumns.filter(
    (column): column is Column<Row> =>
      Boolean(column) && (!column || column.only !== (wide ? 'card' : 'table')),
  );
  const setBody = (element: HTMLElement | null) => {
    if (bodyRef) bodyRef.current = element;
  };
  const fade = cx('transition-opacity', dimmed && 'opacity-60');

  if (wide) {
    // Dense rows keep the buttons' cell without padding, so a row is as high as its buttons.
    const cellClasses = (column: Column<Row>) =>
      cx(
        'px-3 align-middle text-sm',
        !dense ? 'py-3' : column.kind === 'actions' ? 'py-0' : 'py-1.5',
      );
    const table = (
      <table aria-label={label} className={cx('w-full border-collapse', fade)}>
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <tr>
            {columns.map((column) => (
              <Fragment key={column.id ?? column.header}>
                {column.headerCell ?? (
                  <th scope="col" className={cx(headerClasses, column.numeric && 'text-right')}>
                    {column.kind === 'actions' || column.kind === 'select' ? (
                      <span className="sr-only">{column.header}</span>
                    ) : (
                      column.header
                    )}
                  </th>
                )}
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody ref={setBody} className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={rowKey(row)} tabIndex={-1} className={cx(rowClassName?.(row))}>
              {columns.map((column) =>
                column.kind === 'title' ? (
                  <th
                    key={column.id ?? column.header}
                    scope="row"
                    className={cx(
                      cellClasses(column),
                      'text-left font-semibold break-words',
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.id ?? column.header}
                    className={cx(
                      cellClasses(column),
                      column.numeric && 'text-right tabular-nums',
                      column.kind === 'actions' && 'text-right',
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    );
    return scrolls ? (
      <ScrollBox label={label} className={cx(framed && cardClasses)}>
        {table}
      </ScrollBox>
    ) : (
      <div className={cx(framed && cardClasses, 'overflow-x-auto')}>{table}</div>
    );
  }

  const title = columns.find((column) => column.kind === 'title');
  const select = columns.find((column) => column.kind === 'select');
  const actions = columns.filter((column) => column.kind === 'actions');
  const details = columns.filter((column) => column.kind === undefined);
  const terms = details.filter((column) => !column.labelled);
  const fields = details.filter((column) => column.labelled);
  const shown = (column: Column<Row>, row: Row) => (column.card ?? column.cell)(row);
  return (
    <ul ref={setBody} aria-label={label} className={cx('space-y-3', fade)}>
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          tabIndex={-1}
          className={cx(cardClasses, 'flex items-start gap-3 p-4', rowClassName?.(row))}
        >
          {select && <div className="pt-0.5">{shown(select, row)}</div>}
          <div className="min-w-0 flex-1">
            {title && <h3 className="font-semibold break-words">{shown(title, row)}</h3>}
            {terms.length > 0 && (
              <dl className="mt-2 grid gap-y-1 text-sm">
                {terms
                  .filter((column) => !column.optional?.(row))
                  .map((column) => (
                    <div
                      key={column.id ?? column.header}
                      className="flex min-w-0 flex-wrap gap-x-1.5"
                    >
                      <dt className="shrink-0 text-slate-600 dark:text-slate-400">
                        {column.header}
                      </dt>
                      <dd className="min-w-0 break-words">{shown(column, row)}</dd>
                    </div>
                  ))}
              </dl>
            )}
            {fields.map((column) => (
              <div key={column.id ?? column.header} className="mt-3 min-w-0">
                {shown(column, row)}
              </div>
            ))}
            {actions.length > 0 && (
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {actions.map((column) => (
                  <div key={column.id ?? column.header}>{shown(column, row)}</div>
                ))}
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
