/**
 * The students list and a student's record, one chunk for both routes: one `import()` in the
 * entry rather than two, since each carries the names of the chunks it needs into the entry,
 * which the sign-in pages load too (their budget, decision 0010). Most of their code is shared.
 */
export { StudentsPage } from './StudentsPage';
export { StudentRecordPage } from './StudentRecordPage';
