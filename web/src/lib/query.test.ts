import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { readAgain } from './query';

/** A read that answers only when told to, as a slow server would. */
function slowReads() {
  const answers: ((value: string) => void)[] = [];
  const queryFn = () => new Promise<string>((resolve) => answers.push(resolve));
  return { queryFn, answers };
}

describe('readAgain', () => {
  it('does not join a read that began before the screen opened, so a change made since shows', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { queryFn, answers } = slowReads();
    const options = { queryKey: ['standards', 'all'], queryFn };

    const earlier = queryClient.prefetchQuery(options);
    const opening = readAgain(queryClient, options, (fresh) => queryClient.prefetchQuery(fresh));
    await vi.waitFor(() => expect(answers).toHaveLength(2));

    answers[0]?.('before the change');
    answers[1]?.('after the change');
    await Promise.all([earlier, opening]);
    expect(queryClient.getQueryData(['standards', 'all'])).toBe('after the change');
  });

  it('keeps what was read before on screen while it reads again', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { queryFn, answers } = slowReads();
    const options = { queryKey: ['students', 'count'], queryFn };
    queryClient.setQueryData(['students', 'count'], 'shown');

    void queryClient.prefetchQuery({ ...options, staleTime: 0 });
    const opening = readAgain(queryClient, options, (fresh) => queryClient.prefetchQuery(fresh));
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(queryClient.getQueryData(['students', 'count'])).toBe('shown');

    for (const answer of answers) answer('read now');
    await opening;
    expect(queryClient.getQueryData(['students', 'count'])).toBe('read now');
  });

  it('reads the list again on the next screen when the screen it was read for goes first', async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
    });
    const reads: { signal: AbortSignal; answer: (value: string) => void }[] = [];
    const options = {
      queryKey: ['standards', 'all'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        new Promise<string>((answer) => reads.push({ signal, answer })),
    };
    queryClient.setQueryData(['standards', 'all'], 'before the change');
    const dashboard = new QueryObserver(queryClient, options).subscribe(() => undefined);

    void readAgain(queryClient, options, (fresh) => queryClient.prefetchQuery(fresh));
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    dashboard();
    expect(reads[0]?.signal.aborted).toBe(true);
    expect(queryClient.getQueryData(['standards', 'all'])).toBe('before the change');

    const standards = new QueryObserver(queryClient, options);
    const unsubscribe = standards.subscribe(() => undefined);
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]?.answer('after the change');
    await vi.waitFor(() => expect(standards.getCurrentResult().data).toBe('after the change'));
    unsubscribe();
  });
});
