import { importScreenTexts, importTexts } from '@um/contract';
import type { OutputColumn } from './columns';
import type { CsvFailure, CsvPreview, CsvReply, CsvRequest, RowProblem } from './csv-work';

type Progress = (fraction: number) => void;

/** What the person reads about a file the worker could not read. */
function failureText(failure: CsvFailure): string {
  switch (failure.reason) {
    case 'notUtf8':
      return importTexts.notUtf8;
    case 'empty':
      return importTexts.empty;
    case 'quoteNotClosed':
      return importTexts.quoteNotClosed(failure.row);
    case 'unreadable':
      return importScreenTexts.readFailed;
  }
}

/**
 * The page's side of the CSV worker: one request at a time, each a promise, with its progress
 * reported as it goes. Ending the worker drops whatever it was doing.
 */
export class CsvWorker {
  private readonly worker = new Worker(new URL('./csv.worker.ts', import.meta.url), {
    type: 'module',
  });
  private waiting: {
    onProgress: Progress;
    resolve: (reply: CsvReply) => void;
    reject: (error: Error) => void;
  } | null = null;

  constructor() {
    this.worker.addEventListener('message', (event: MessageEvent<CsvReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') this.waiting?.onProgress(reply.fraction);
      else if (reply.type === 'failed') this.settle().reject(new Error(failureText(reply)));
      else this.settle().resolve(reply);
    });
    // The worker's script could not load or threw outside a request's own handling.
    this.worker.addEventListener('error', () =>
      this.settle().reject(new Error(importScreenTexts.readFailed)),
    );
  }

  /** The headings, first rows and row count of a file; the worker keeps its rows. */
  async read(file: Blob, onProgress: Progress): Promise<CsvPreview> {
    const reply = await this.ask({ type: 'read', file }, onProgress);
    if (reply.type !== 'read') throw new Error(importScreenTexts.readFailed);
    return reply.preview;
  }

  /** The file to send: the rows read last, in these columns under their documented names. */
  async write(columns: readonly OutputColumn[], onProgress: Progress): Promise<Blob> {
    const reply = await this.ask({ type: 'write', columns }, onProgress);
    if (reply.type !== 'written') throw new Error(importScreenTexts.readFailed);
    return reply.file;
  }

  /** The cells of one column below the header that hold anything, as the file has them. */
  async column(index: number): Promise<string[]> {
    const reply = await this.ask({ type: 'column', index }, () => undefined);
    if (reply.type !== 'column') throw new Error(importScreenTexts.readFailed);
    return reply.cells;
  }

  /** The file's rows that have problems, with what is wrong in a column headed `errorHeading`. */
  async wrongRows(problems: readonly RowProblem[], errorHeading: string): Promise<Blob> {
    const reply = await this.ask({ type: 'wrongRows', problems, errorHeading }, () => undefined);
    if (reply.type !== 'written') throw new Error(importScreenTexts.readFailed);
    return reply.file;
  }

  /** Ends the worker; a request still waiting is dropped. */
  terminate(): void {
    this.worker.terminate();
    this.settle().reject(new Error(importScreenTexts.readFailed));
  }

  private ask(request: CsvRequest, onProgress: Progress): Promise<CsvReply> {
    return new Promise((resolve, reject) => {
      this.waiting = { onProgress, resolve, reject };
      this.worker.postMessage(request);
    });
  }

  private settle() {
    const waiting = this.waiting;
    this.waiting = null;
    return waiting ?? { resolve: () => undefined, reject: () => undefined };
  }
}
