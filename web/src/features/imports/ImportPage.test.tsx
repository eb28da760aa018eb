import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IMPORT_MAX_BYTES,
  apiPaths,
  appRoutes,
  buildPath,
  dailyUseTexts,
  importScreenTexts as t,
  importTexts,
  recordPaths,
} from '@um/contract';
import type { ImportResult } from '@um/contract';
import { setWideScreen } from '../../test/match-media';
import { stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { csvWork } from './csv-work';
import type { CsvRequest } from './csv-work';

const IMPORT = `POST ${recordPaths.studentsImport}`;
const IMPORT_ID = '5f0c6f51-8d7e-4c3b-9a43-0d2b1f8e7a10';
const UNDO = `POST ${buildPath(recordPaths.importUndo, { import_id: IMPORT_ID })}`;

/**
 * The browser's Worker running the CSV worker's own work in the page: the DOM the component
 * tests run in has no workers. The real worker runs in the browser tests.
 */
class CsvWorkerInPage extends EventTarget {
  private readonly work = csvWork((reply) =>
    this.dispatchEvent(new MessageEvent('message', { data: reply })),
  );
  postMessage(request: CsvRequest) {
    void this.work(request);
  }
  terminate() {}
}

beforeEach(() => {
  vi.stubGlobal('Worker', CsvWorkerInPage);
});

const spreadsheet = [
  'Student Name,Roll No,Class,E-mail',
  'Asha Rao,7,Grade 5 Roses,asha@pupils.test',
  'Ravi Kumar,8,Grade 9,ravi@',
].join('\n');

const csvFile = (content: BlobPart, name = 'class-5.csv') =>
  new File([content], name, { type: 'text/csv' });

/** A file's text as its bytes say, a byte order mark included. */
const textOf = (file: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(file);
  });

const report = (result: Partial<ImportResult> = {}): ImportResult => ({
  import_id: IMPORT_ID,
  dry_run: true,
  total: 2,
  created: 2,
  updated: 0,
  unchanged: 0,
  errors: [],
  error_count: result.errors?.length ?? 0,
  missing_standards: [],
  created_standards: 0,
  skipped: 0,
  ...result,
});

function atImport(
  routes: Record<string, StubReply | StubHandler>,
  path: string = appRoutes.studentsImport,
) {
  signIn();
  const stub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [`GET ${apiPaths.standards}`]: { body: { data: [], next_cursor: null } },
    [`GET ${apiPaths.students}`]: { body: { data: [], next_cursor: null } },
    ...routes,
  });
  renderApp(path);
  return stub;
}

async function choose(file: File) {
  const user = userEvent.setup({ delay: null });
  await user.upload(await screen.findByLabelText(dailyUseTexts.importFile.choose), file);
  return user;
}

describe('importing students from a spreadsheet', () => {
  // The file's rows and the row errors as tables, as a desktop shows them; a phone's cards are
  // checked on their own below.
  beforeEach(() => setWideScreen(true));

  it('shows the first rows and the row errors as cards on a phone', async () => {
    setWideScreen(false);
    atImport({
      [IMPORT]: {
        body: {
          data: report({
            created: 1,
            errors: [{ row: 3, field: 'email', message: 'Enter a valid email address.' }],
          }),
        },
      },
    });
    const user = await choose(csvFile(spreadsheet));
    const preview = await screen.findByRole('list', { name: t.previewHeading });
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2);
    expect(within(preview).getAllByRole('listitem')[0]).toHaveTextContent('Student NameAsha Rao');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.checkButton }));
    const errors = await screen.findByRole('list', { name: t.errorsHeading(1) });
    expect(within(errors).getByRole('listitem')).toHaveTextContent(
      `${t.errorColumns.row}3${t.errorColumns.field}Email (E-mail)`,
    );
  });

  it('is reached from the students screen', async () => {
    const user = userEvent.setup({ delay: null });
    atImport({}, appRoutes.students);

    await user.click(await screen.findByRole('link', { name: t.openButton }));

    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByLabelText(dailyUseTexts.importFile.choose)).toHaveAttribute('type', 'file');
  });

  it('matches the headings to the fields and shows the first rows', async () => {
    atImport({});
    await choose(csvFile(spreadsheet));

    expect(await screen.findByLabelText(t.columnLabel('Student Name'))).toHaveValue('name');
    expect(screen.getByLabelText(t.columnLabel('Roll No'))).toHaveValue('roll_number');
    expect(screen.getByLabelText(t.columnLabel('Class'))).toHaveValue('standard');
    expect(screen.getByLabelText(t.columnLabel('E-mail'))).toHaveValue('email');
    const preview = screen.getByRole('table', { name: t.previewHeading });
    expect(within(preview).getAllByRole('row')).toHaveLength(3);
    expect(preview).toHaveTextContent('Asha Rao');
    expect(screen.getByText(t.rowCount(2), { exact: false })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: t.mappingHeading })).toHaveFocus(),
    );
  });

  it('sends a dry run of the file under the documented header and shows the counts and every row error', async () => {
    const { callsTo } = atImport({
      [IMPORT]: {
        body: {
          data: report({
            created: 1,
            errors: [
              { row: 3, field: 'email', message: 'Enter a valid email address.' },
              { row: 3, field: 'standard', message: importTexts.standardNotFound('Grade 9') },
            ],
          }),
        },
      },
    });
    const user = await choose(csvFile(spreadsheet));

    await user.click(await screen.findByRole('button', { name: t.checkButton }));

    const result = await screen.findByRole('region', { name: t.resultHeading });
    await waitFor(() =>
      expect(within(result).getByRole('heading', { name: t.resultHeading })).toHaveFocus(),
    );
    const [sent] = callsTo(IMPORT);
    expect(sent?.url.searchParams.get('dry_run')).toBe('true');
    expect(sent?.headers.get('content-type')).toBe('text/csv');
    expect(sent?.body).toBe(
      'name,email,roll_number,standard\r\n' +
        'Asha Rao,asha@pupils.test,7,Grade 5 Roses\r\n' +
        'Ravi Kumar,ravi@,8,Grade 9\r\n',
    );
    expect(within(result).getByText(t.counts.created).nextSibling).toHaveTextContent('1');
    expect(within(result).getByText(t.errorsHeading(2))).toBeInTheDocument();
    const rows = within(result).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/^3Email \(E-mail\)Enter a valid email address\.$/);
    expect(rows[1]).toHaveTextContent(importTexts.standardNotFound('Grade 9'));
    expect(rows[1]).toHaveTextContent('Standard (Class)');
    expect(
      within(result).queryByRole('button', { name: t.importButton(2) }),
    ).not.toBeInTheDocument();
    expect(within(result).getByRole('button', { name: t.importValidRows(1) })).toBeEnabled();
  });

  it('offers to create the standards the file names that do not exist, with grade levels guessed from their names, and imports with them', async () => {
    const missing = report({
      created: 1,
      errors: [{ row: 3, field: 'standard', message: importTexts.standardNotFound('Grade 9') }],
      missing_standards: ['Grade 9'],
    });
    const { callsTo } = atImport({
      [IMPORT]: ({ url }) => {
        if (url.searchParams.get('dry_run') === 'false')
          return { body: { data: report({ dry_run: false, created_standards: 1 }) } };
        return { body: { data: url.searchParams.has('create_standards') ? report() : missing } };
      },
    });
    const user = await choose(csvFile(spreadsheet));
    await user.click(await screen.findByRole('button', { name: t.checkButton }));

    const level = await screen.findByLabelText(t.gradeLevelOf('Grade 9'));
    expect(level).toHaveValue('9');
    await user.clear(level);
    await user.click(screen.getByRole('button', { name: t.createStandardsButton }));
    expect(screen.getByText(t.gradeLevelsMissing)).toBeInTheDocument();
    expect(callsTo(IMPORT)).toHaveLength(1);

    await user.type(level, '10');
    await user.click(screen.getByRole('button', { name: t.createStandardsButton }));
    expect(await screen.findByText(t.ready)).toBeInTheDocument();
    expect(screen.getByText(t.standardsToCreate(['Grade 9']))).toBeInTheDocument();
    const planned = JSON.stringify([{ name: 'Grade 9', grade_level: 10 }]);
    expect(callsTo(IMPORT)[1]?.url.searchParams.get('create_standards')).toBe(planned);

    await user.click(screen.getByRole('button', { name: t.importButton(2) }));
    const done = await screen.findByRole('region', { name: t.doneHeading });
    expect(callsTo(IMPORT)[2]?.url.searchParams.get('create_standards')).toBe(planned);
    expect(done).toHaveTextContent(t.createdStandards(1));
  });

  it('downloads the wrong rows as the file has them with an error column, and imports the others on request', async () => {
    const errors = [
      { row: 3, field: 'email', message: 'Enter a valid email address.' },
      { row: 3, field: 'standard', message: importTexts.standardNotFound('Grade 9') },
    ];
    const { callsTo } = atImport({
      [IMPORT]: ({ url }) =>
        url.searchParams.get('dry_run') === 'true'
          ? { body: { data: report({ created: 1, errors }) } }
          : { body: { data: report({ dry_run: false, created: 1, errors, skipped: 1 }) } },
    });
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      saved.push(file as Blob);
      return 'blob:wrong-rows';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = await choose(csvFile(spreadsheet));
    await user.click(await screen.findByRole('button', { name: t.checkButton }));

    await user.click(await screen.findByRole('button', { name: t.downloadWrongRows }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const problems = `Email (E-mail): Enter a valid email address. Standard (Class): ${importTexts.standardNotFound('Grade 9')}`;
    expect(await textOf(saved[0]!)).toBe(
      '\uFEFFStudent Name,Roll No,Class,E-mail,error\r\n' +
        `Ravi Kumar,8,Grade 9,ravi@,"${problems.replaceAll('"', '""')}"\r\n`,
    );

    await user.click(screen.getByRole('button', { name: t.importValidRows(1) }));
    const done = await screen.findByRole('region', { name: t.doneHeading });
    expect(callsTo(IMPORT)[1]?.url.searchParams.get('skip_invalid')).toBe('true');
    expect(done).toHaveTextContent(t.skippedRows(1));
  });

  it('draws a long list of row errors a page at a time', async () => {
    const errors = Array.from({ length: 250 }, (_, index) => ({
      row: index + 2,
      field: 'email',
      message: 'Enter a valid email address.',
    }));
    atImport({ [IMPORT]: { body: { data: report({ created: 0, errors }) } } });
    const user = await choose(csvFile(spreadsheet));
    await user.click(await screen.findByRole('button', { name: t.checkButton }));

    const list = await screen.findByRole('table', { name: t.errorsHeading(250) });
    // `hidden: true` skips the visibility check per row, which is slow over hundreds of them.
    expect(within(list).getAllByRole('row', { hidden: true })).toHaveLength(201);
    await user.click(screen.getByRole('button', { name: t.moreErrors(50) }));
    expect(within(list).getAllByRole('row', { hidden: true })).toHaveLength(251);
    expect(screen.queryByRole('button', { name: /^Show more/ })).not.toBeInTheDocument();
  });

  it('counts every row error when the server lists only the first of them', async () => {
    const errors = Array.from({ length: 3 }, (_, index) => ({
      row: index + 2,
      field: 'row',
      message: 'This row has 1 cells; the header has 4.',
    }));
    atImport({
      [IMPORT]: { body: { data: report({ created: 0, errors, error_count: 4_500 }) } },
    });
    const user = await choose(csvFile(spreadsheet));
    await user.click(await screen.findByRole('button', { name: t.checkButton }));

    expect(
      await screen.findByRole('heading', { name: t.errorsHeading(4_500) }),
    ).toBeInTheDocument();
    expect(screen.getByText(t.errorsCapped(3, 4_500))).toBeInTheDocument();
    expect(screen.getByText(t.errorsHeading(4_500)).textContent).toContain('4,500');
  });

  it('lets the person match a column by hand, and checks nothing until every required field has one', async () => {
    const { callsTo } = atImport({ [IMPORT]: { body: { data: report() } } });
    const user = await choose(
      csvFile('Kid,Email,Roll No,Class,Kid Again\nAsha,asha@pupils.test,7,Grade 5,A\n'),
    );

    const check = await screen.findByRole('button', { name: t.checkButton });
    expect(check).toBeDisabled();
    expect(screen.getByText(t.fieldMissing(['Name']))).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(t.columnLabel('Kid')), 'Name');
    await user.selectOptions(screen.getByLabelText(t.columnLabel('Kid Again')), 'Name');
    expect(screen.getByText(t.fieldRepeated(['Name']))).toBeInTheDocument();
    expect(check).toBeDisabled();

    await user.selectOptions(screen.getByLabelText(t.columnLabel('Kid Again')), t.leaveOut);
    expect(check).toBeEnabled();
    await user.click(check);

    await screen.findByRole('region', { name: t.resultHeading });
    expect(callsTo(IMPORT)[0]?.body).toBe(
      'name,email,roll_number,standard\r\nAsha,asha@pupils.test,7,Grade 5\r\n,,,\r\n',
    );
  });

  it('imports the checked file and undoes it, showing why when the server refuses the undo', async () => {
    let undoRefused = true;
    const { callsTo } = atImport({
      [IMPORT]: ({ url }) => ({
        body: { data: report({ dry_run: url.searchParams.get('dry_run') === 'true' }) },
      }),
      [UNDO]: () => {
        if (!undoRefused)
          return {
            body: { data: { import_id: IMPORT_ID, removed: 2, reverted: 0, removed_standards: 0 } },
          };
        undoRefused = false;
        return { status: 409, body: { status: 409, detail: importTexts.changedSince(1) } };
      },
    });
    const user = await choose(csvFile(spreadsheet));
    await user.click(await screen.findByRole('button', { name: t.checkButton }));
    expect(await screen.findByText(t.ready)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.importButton(2) }));

    const done = await screen.findByRole('region', { name: t.doneHeading });
    const [dryRun, commit] = callsTo(IMPORT);
    expect(commit?.url.searchParams.get('dry_run')).toBe('false');
    expect(commit?.body).toBe(dryRun?.body);
    expect(within(done).getByText(t.counts.created).nextSibling).toHaveTextContent('2');

    await user.click(within(done).getByRole('button', { name: t.undoButton }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent(t.undoFailed);
    expect(refused).toHaveTextContent(importTexts.changedSince(1));

    await user.click(within(done).getByRole('button', { name: t.undoButton }));
    expect(await screen.findByText(t.undone(2, 0))).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: t.undoButton })).not.toBeInTheDocument();
    expect(callsTo(UNDO)).toHaveLength(2);

    await user.click(within(done).getByRole('button', { name: t.importAnother }));
    await waitFor(() => expect(screen.getByRole('heading', { name: t.steps[0] })).toHaveFocus());
    expect(screen.getByLabelText(dailyUseTexts.importFile.choose)).toBeEnabled();
  });

  it('shows the rows that turned wrong when the import itself is refused', async () => {
    const wrong = { row: 2, field: 'roll_number', message: importTexts.rollNumberRepeated('7', 2) };
    atImport({
      [IMPORT]: ({ url }) =>
        url.searchParams.get('dry_run') === 'true'
          ? { body: { data: report() } }
          : {
              status: 422,
              body: { data: report({ dry_run: false, created: 1, errors: [wrong] }) },
            },
    });
    const user = await choose(csvFile(spreadsheet));
    await user.click(await screen.findByRole('button', { name: t.checkButton }));
    await user.click(await screen.findByRole('button', { name: t.importButton(2) }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t.importFailed);
    expect(alert).toHaveTextContent(importTexts.refused(1));
    const result = screen.getByRole('region', { name: t.resultHeading });
    expect(within(result).getByText(wrong.message)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.doneHeading })).not.toBeInTheDocument();
  });

  it('takes a file dropped on the page, and checks nothing when it has no students below the headings', async () => {
    atImport({});
    const dropZone = (await screen.findByText(t.dropHere)).parentElement!;

    fireEvent.drop(dropZone, {
      dataTransfer: { files: [csvFile('Name,Email,Roll No,Class\n\n')] },
    });

    expect(await screen.findByText(t.noRows)).toBeInTheDocument();
    expect(screen.getByText(t.chosenFile('class-5.csv'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.checkButton })).toBeDisabled();
  });

  it('refuses a file over 10 MB before sending anything', async () => {
    const { calls } = atImport({});
    const large = csvFile('Name\n');
    Object.defineProperty(large, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await choose(large);

    expect(await screen.findByRole('alert')).toHaveTextContent(importTexts.tooLarge);
    expect(screen.queryByRole('heading', { name: t.mappingHeading })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === recordPaths.studentsImport)).toEqual([]);
  });

  it('says why a file cannot be read: not UTF-8, or no header', async () => {
    atImport({});
    const user = await choose(csvFile(new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x0a])));
    expect(await screen.findByRole('alert')).toHaveTextContent(importTexts.notUtf8);

    await user.upload(screen.getByLabelText(dailyUseTexts.importFile.choose), csvFile('\n\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent(importTexts.empty);
  });

  it("shows the server's problem text when it refuses the file", async () => {
    const detail = importTexts.tooManyCells(2);
    atImport({ [IMPORT]: { status: 400, body: { status: 400, detail } } });
    const user = await choose(csvFile(spreadsheet));

    await user.click(await screen.findByRole('button', { name: t.checkButton }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t.checkFailed);
    expect(alert).toHaveTextContent(detail);
  });
});
