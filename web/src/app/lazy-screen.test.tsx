import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

/** A chunk whose arrival the test controls. */
function deferredChunk() {
  let arrive: (component: () => React.ReactNode) => void = () => undefined;
  const chunk = new Promise<() => React.ReactNode>((resolve) => {
    arrive = resolve;
  });
  let loads = 0;
  const load = () => {
    loads += 1;
    return chunk;
  };
  return { load, arrive, loads: () => loads };
}

const Screen = () => <h1>Students</h1>;

function renderInSuspense(element: React.ReactNode) {
  return render(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>);
}

describe('lazyScreen', () => {
  it('shows the fallback until the chunk arrives, like React.lazy', async () => {
    const chunk = deferredChunk();
    const Students = lazyScreen(chunk.load);
    renderInSuspense(<Students />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => chunk.arrive(Screen));
    expect(screen.getByRole('heading', { name: 'Students' })).toBeInTheDocument();
  });

  it('renders a preloaded screen in the first pass, without a fallback', async () => {
    const chunk = deferredChunk();
    const Students = lazyScreen(chunk.load);
    const preloaded = Students.preload();
    chunk.arrive(Screen);
    await preloaded;

    const seen: string[] = [];
    const Probe = () => {
      seen.push('fallback');
      return <p>Loading</p>;
    };
    render(
      <Suspense fallback={<Probe />}>
        <Students />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Students' })).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('loads the chunk once, however often it is preloaded and rendered', async () => {
    const chunk = deferredChunk();
    const Students = lazyScreen(chunk.load);
    void Students.preload();
    void Students.preload();
    renderInSuspense(<Students />);
    await act(async () => chunk.arrive(Screen));
    expect(chunk.loads()).toBe(1);
  });
});
