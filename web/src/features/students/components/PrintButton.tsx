import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import Printer from 'lucide-react/icons/printer';
import { studentRecordTexts } from '@um/contract';
import type { Student } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { getPrintableList } from '../api/print-students';
import type { PrintableList } from '../api/print-students';
import type { StudentListView } from '../filters';

const texts = studentRecordTexts;
type Paper = keyof typeof texts.paperSizes;

export interface PrintButtonProps {
  /** The list as it is on screen: its filters and its order. */
  view: StudentListView;
  /** The standard the list shows, or null for all. */
  standardName: string | null;
  onFailed: (error: unknown) => void;
}

/** A calendar date (YYYY-MM-DD) as the browser's locale writes it. */
const localDate = (date: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * Prints the whole list the screen shows, in its order: every page is read first, then a print
 * view with the school's name, the standard and the date replaces the screen on paper (the
 * print stylesheet hides everything else, navigation included).
 */
export function PrintButton({ view, standardName, onFailed }: PrintButtonProps) {
  const [preparing, setPreparing] = useState(false);
  const [printable, setPrintable] = useState<PrintableList | null>(null);

  async function prepare() {
    setPreparing(true);
    try {
      setPrintable(await getPrintableList(view));
    } catch (error) {
      onFailed(error);
    } finally {
      setPreparing(false);
    }
  }

  return (
    <>
      <Button variant="secondary" loading={preparing} onClick={() => void prepare()}>
        <Printer aria-hidden="true" className="size-4" />
        {preparing ? texts.printing : texts.print}
      </Button>
      {printable &&
        createPortal(
          <PrintView
            list={printable}
            standardName={standardName}
            onClose={() => setPrintable(null)}
          />,
          document.body,
        )}
    </>
  );
}

interface PrintViewProps {
  list: PrintableList;
  standardName: string | null;
  onClose: () => void;
}

function PrintView({ list, standardName, onClose }: PrintViewProps) {
  const [paper, setPaper] = useState<Paper>('A4');
  const today = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date());
  const guardianOf = (student: Student) =>
    student.guardians.find((guardian) => guardian.primary) ?? null;

  useEffect(() => {
    // Printing starts once the view is on the page; the person may print again from it.
    window.print();
  }, []);

  return (
    <div
      id="print-view"
      role="dialog"
      aria-modal="true"
      aria-labelledby="print-view-title"
      // The paper the browser prints on (index.css names a page for each), unless the person
      // picks another in its print dialog.
      data-paper={paper}
      className="fixed inset-0 z-50 overflow-auto bg-white p-8 text-slate-900"
    >
      <div className="print-controls mb-6 flex flex-wrap items-end gap-3">
        <SelectField
          label={texts.paperSize}
          name="paper"
          value={paper}
          onChange={(event) => setPaper(event.target.value as Paper)}
        >
          {Object.entries(texts.paperSizes).map(([size, label]) => (
            <option key={size} value={size}>
              {label}
            </option>
          ))}
        </SelectField>
        <Button onClick={() => window.print()}>{texts.print}</Button>
        <Button variant="secondary" onClick={onClose}>
          {texts.closePrint}
        </Button>
      </div>
      <header className="mb-4">
        {list.schoolName && <p className="text-lg font-semibold">{list.schoolName}</p>}
        <h1 id="print-view-title" className="text-xl font-bold">
          {texts.printTitle}: {standardName ?? texts.printAllStandards}
        </h1>
        <p className="text-sm">
          {texts.printDate(today)} · {texts.printCount(list.students.length)}
        </p>
      </header>
      <table className="print-table w-full border-collapse text-sm">
        <thead>
          <tr>
            {Object.values(texts.printColumns).map((label) => (
              <th key={label} scope="col" className="border-b border-slate-400 py-1 pr-3 text-left">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.students.map((student) => {
            const guardian = guardianOf(student);
            return (
              <tr key={student.id} className="break-inside-avoid">
                <td className="border-b border-slate-200 py-1 pr-3">{student.roll_number}</td>
                <td className="border-b border-slate-200 py-1 pr-3">{student.name}</td>
                <td className="border-b border-slate-200 py-1 pr-3">{student.admission_number}</td>
                <td className="border-b border-slate-200 py-1 pr-3">
                  {student.date_of_birth ? localDate(student.date_of_birth) : ''}
                </td>
                <td className="border-b border-slate-200 py-1 pr-3">{guardian?.name ?? ''}</td>
                <td className="border-b border-slate-200 py-1 pr-3">
                  {guardian?.phone || student.phone_number}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
