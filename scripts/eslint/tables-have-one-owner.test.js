import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';

import { tablesHaveOneOwnerRule } from './tables-have-one-owner.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const owners = {
  'server/src/repositories/students.ts': {
    owns: ['students', 'student_guardians', 'student_trigrams'],
    reads: ['standards'],
  },
  'server/src/repositories/standards.ts': { owns: ['standards', 'standard_teachers'], reads: [] },
  'server/src/repositories/history.ts': { owns: ['batches'], reads: [] },
  'server/src/repositories/messages.ts': { owns: ['messages'], reads: [] },
  'server/src/repositories/users.ts': { owns: ['users'], reads: [] },
  'server/src/repositories/sessions.ts': { owns: ['sessions'], reads: [] },
};
const exempt = ['server/src/db/**', 'server/src/test/**', '**/*.test.ts', 'server/bench/**'];
const root = '/school';
const tablesHaveOneOwner = tablesHaveOneOwnerRule(owners, exempt, root);

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

const inRepository = (file) => `${root}/${file}`;
const studentsRepository = inRepository('server/src/repositories/students.ts');
const aFeature = inRepository('server/src/messages/routes.ts');
const notTheOwner = (table, owner) => ({
  messageId: 'notTheOwner',
  data: { table, owner: `server/src/repositories/${owner}.ts` },
});

describe('tables-have-one-owner', () => {
  ruleTester.run('tables-have-one-owner', tablesHaveOneOwner, {
    valid: [
      {
        name: 'the owning repository may name its tables in builder calls and raw SQL',
        filename: studentsRepository,
        code: `
          db.selectFrom('students').innerJoin('student_guardians as g', 'g.student_id', 'students.id');
          sql\`delete from student_trigrams where student_id = \${id}\`;
        `,
      },
      {
        name: 'a repository may join a table it declares as read',
        filename: studentsRepository,
        code: `db.selectFrom('students').innerJoin('standards as st', 'st.id', 'students.standard_id');`,
      },
      {
        name: 'a pending table is not reported anywhere yet',
        filename: aFeature,
        options: [{ pending: ['students'] }],
        code: `db.selectFrom('students'); sql\`select * from students\`;`,
      },
      {
        name: 'a test file may name any table',
        filename: inRepository('server/src/messages/messages.test.ts'),
        code: `db.deleteFrom('students'); sql\`insert into students default values\`;`,
      },
      {
        name: 'a file under db/ may name any table',
        filename: inRepository('server/src/db/migrations/0001-students.ts'),
        code: `db.schema.createTable('students'); sql\`alter table students add column x\`;`,
      },
      {
        name: 'a table name computed at run time is not reported',
        filename: aFeature,
        code: `db.selectFrom(table); db.insertInto(\`\${prefix}students\`); sql\`select * from \${sql.table(table)}\`;`,
      },
      {
        name: 'a word that is not a table after FROM, and a qualified column, are not reported',
        filename: aFeature,
        code: `sql\`select coalesce(x, 0) from (select 1) as t\`; db.selectFrom('messages_view').select('students.name');`,
      },
    ],
    invalid: [
      {
        name: 'another feature may not select from a table it does not own',
        filename: aFeature,
        code: `db.selectFrom('students').selectAll();`,
        errors: [notTheOwner('students', 'students')],
      },
      {
        name: 'the message names the owning module',
        filename: aFeature,
        code: `db.updateTable('standards');`,
        errors: [
          {
            message:
              'Table "standards" belongs to server/src/repositories/standards.ts: call a function there.',
          },
        ],
      },
      {
        name: 'every builder method that takes a table is checked',
        filename: aFeature,
        code: `
          db.insertInto('students'); db.deleteFrom('students'); db.replaceInto('students');
          db.mergeInto('students'); q.innerJoin('students'); q.leftJoin('students');
          q.rightJoin('students'); q.fullJoin('students'); q.crossJoin('students');
          db.with('students', (qb) => qb); db.selectFrom(['students', 'standards']);
        `,
        errors: [
          ...Array.from({ length: 11 }, () => notTheOwner('students', 'students')),
          notTheOwner('standards', 'standards'),
        ],
      },
      {
        name: 'an aliased table reference is reported by its table',
        filename: aFeature,
        code: `db.selectFrom('students as s').innerJoin('standard_teachers as t', 't.standard_id', 's.standard_id');`,
        errors: [
          notTheOwner('students', 'students'),
          notTheOwner('standard_teachers', 'standards'),
        ],
      },
      {
        name: 'raw SQL names tables after FROM, JOIN, INTO, UPDATE and TABLE, quoted or not',
        filename: aFeature,
        code: `
          sql\`select * from students s join "standards" on true where \${x}\`;
          sql\`insert into batches (id) values (\${id})\`;
          sql\`UPDATE users SET name = \${name}\`;
          sql\`select * from \${sql.table('sessions')}\`;
        `,
        errors: [
          { ...notTheOwner('students', 'students'), line: 2, column: 29 },
          notTheOwner('standards', 'standards'),
          notTheOwner('batches', 'history'),
          notTheOwner('users', 'users'),
          notTheOwner('sessions', 'sessions'),
        ],
      },
      {
        name: 'a repository may not name a table it neither owns nor reads',
        filename: studentsRepository,
        code: `db.selectFrom('messages');`,
        errors: [notTheOwner('messages', 'messages')],
      },
      {
        name: 'only the tables listed as pending are silent',
        filename: aFeature,
        options: [{ pending: ['standards'] }],
        code: `db.selectFrom('standards'); db.selectFrom('students');`,
        errors: [notTheOwner('students', 'students')],
      },
    ],
  });
});
