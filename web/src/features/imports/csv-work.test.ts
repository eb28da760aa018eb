import { describe, expect, it } from 'vitest';
import { blobText } from '../../test/fetch-stub';
import { outputColumns } from './columns';
import type { ColumnMapping } from './columns';
import { csvWork } from './csv-work';
import type { CsvReply } from './csv-work';

/** Runs the worker's work on one file, as the worker does, and collects what it reports. */
function worker() {
  const replies: CsvReply[] = [];
  const work = csvWork((reply) => replies.push(reply));
  return {
    replies,
    read: async (content: BlobPart) => {
      await work({ type: 'read', file: new File([content], 'students.csv') });
      return replies.at(-1);
    },
    write: async (mapping: ColumnMapping) => {
      await work({ type: 'write', columns: outputColumns(mapping) });
      const reply = replies.at(-1);
      return reply?.type === 'written' ? blobText(reply.file) : reply;
    },
  };
}

describe('the CSV worker', () => {
  it('reads the headings, the first rows and how many rows hold anything, reporting progress', async () => {
    const csv = worker();
    const rows = Array.from({ length: 8 }, (_, index) => `Pupil ${index},${index}`);
    const read = await csv.read(`\uFEFFStudent Name,Roll No\r\n${rows.join('\r\n')}\r\n\r\n`);

    expect(read).toEqual({
      type: 'read',
      preview: {
        headings: ['Student Name', 'Roll No'],
        rows: rows.slice(0, 5).map((row) => row.split(',')),
        rowCount: 8,
      },
    });
    expect(csv.replies).toContainEqual({ type: 'progress', fraction: 1 });
  });

  it('writes the documented header and the mapped cells, one row for each of the file’s, quoted where needed', async () => {
    const csv = worker();
    await csv.read(
      [
        'Roll No,Student Name,Father,Class,E-mail,Address',
        '7,"Rao, Asha",Mohan,Grade 5,asha@pupils.test,"12 Hill Road',
        'Pune"',
        '',
        '8,Ravi Kumar,Suresh,Grade 5,ravi@pupils.test,',
      ].join('\n'),
    );

    expect(await csv.write(['roll_number', 'name', null, 'standard', 'email', 'address'])).toBe(
      [
        'name,email,roll_number,standard,address',
        '"Rao, Asha",asha@pupils.test,7,Grade 5,"12 Hill Road\nPune"',
        ',,,,',
        'Ravi Kumar,ravi@pupils.test,8,Grade 5,',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps the extra cells of a row longer than the header, so the API refuses that row', async () => {
    const csv = worker();
    await csv.read(
      'Name,Email,Roll No,Class\nAsha,asha@pupils.test,7,Grade 5,12 Hill Road\nRavi\n',
    );

    expect(await csv.write(['name', 'email', 'roll_number', 'standard'])).toBe(
      [
        'name,email,roll_number,standard',
        'Asha,asha@pupils.test,7,Grade 5,12 Hill Road',
        'Ravi,,,',
        ',,,',
        '',
      ].join('\r\n'),
    );
  });

  it('reads cells separated by semicolons or tabs, as regional spreadsheets save them', async () => {
    const csv = worker();
    await csv.read('Name;Email;Roll No;Class\nAsha;asha@pupils.test;7;Grade 5, Roses\n');
    expect(
      await worker().read('Name\tEmail\tRoll No\tClass\nAsha\tasha@pupils.test\t7\tGrade 5\n'),
    ).toMatchObject({
      preview: { headings: ['Name', 'Email', 'Roll No', 'Class'], rowCount: 1 },
    });

    expect(await csv.write(['name', 'email', 'roll_number', 'standard'])).toBe(
      'name,email,roll_number,standard\r\nAsha,asha@pupils.test,7,"Grade 5, Roses"\r\n,,,\r\n',
    );
  });

  it('refuses a file that is not UTF-8 rather than sending its letters changed', async () => {
    const latin1 = new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0x6f, 0x73, 0xe9, 0x0a]);
    expect(await worker().read(latin1)).toEqual({ type: 'failed', reason: 'notUtf8' });
  });

  it('refuses an empty file and one whose quote is never closed', async () => {
    expect(await worker().read('\r\n')).toEqual({ type: 'failed', reason: 'empty' });
    expect(
      await worker().read('Name,Email\nRavi,ravi@pupils.test\n"Asha,asha@pupils.test\n'),
    ).toEqual({
      type: 'failed',
      reason: 'quoteNotClosed',
      row: 3,
    });
  });
});
