import { useLayoutEffect, useRef } from 'react';
import Undo2 from 'lucide-react/icons/undo-2';
import { yearEndScreenTexts as t } from '@um/contract';
import type { YearEndResult } from '@um/contract';
import type { Notice } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Section } from '../../../components/ui/Section';
import { errorDetail } from '../../../lib/api-client';
import { useUndoBatch } from '../../../lib/api/undo-batch';
import { YearEndReport } from './YearEndReport';

export interface YearEndDoneProps {
  fromYear: string;
  toYear: string;
  result: YearEndResult;
  onNotice: (notice: Notice) => void;
}

/** What the year end did, each new standard a way to its students, and its Undo. */
export function YearEndDone({ fromYear, toYear, result, onNotice }: YearEndDoneProps) {
  const undo = useUndoBatch();
  const undone = useRef<HTMLParagraphElement>(null);
  const batchId = result.batch_id;

  // The button is gone once the undo is done: the words that replace it take the focus, in the
  // same render (Preact runs a plain effect only after the next paint).
  useLayoutEffect(() => {
    if (undo.isSuccess) undone.current?.focus();
  }, [undo.isSuccess]);

  function undoIt(batch: string) {
    // The outcome comes from the promise, not from callbacks given to `mutate`: those reach only
    // a component subscribed to the mutation, which under Preact this one is only after its
    // first paint, and its Undo can be pressed and answered before then.
    undo.mutateAsync(batch).then(
      () => onNotice({ tone: 'success', message: t.undone }),
      (error: unknown) =>
        onNotice({ tone: 'error', message: t.undoFailed, detail: errorDetail(error) }),
    );
  }

  return (
    <Section title={t.doneHeading(fromYear, toYear)} focusOnOpen>
      <YearEndReport result={result} linkTargets={!undo.isSuccess} />
      <div className="mt-6">
        {undo.isSuccess ? (
          <p ref={undone} tabIndex={-1} className="text-sm font-medium focus:outline-none">
            {t.undoneNote}
          </p>
        ) : (
          batchId && (
            <Button variant="secondary" loading={undo.isPending} onClick={() => undoIt(batchId)}>
              <Undo2 aria-hidden="true" className="size-4" />
              {t.undo}
            </Button>
          )
        )}
      </div>
    </Section>
  );
}
