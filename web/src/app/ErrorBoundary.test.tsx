import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '@um/contract';
import { ErrorBoundary } from './ErrorBoundary';

function Broken({ broken }: { broken: boolean }): React.ReactNode {
  if (broken) throw new Error('render failed');
  return <p>Screen content</p>;
}

function Harness() {
  const [broken, setBroken] = useState(true);
  const [path, setPath] = useState('/tasks');
  return (
    <ErrorBoundary
      resetKey={path}
      onGoHome={() => {
        setBroken(false);
        setPath('/dashboard');
      }}
    >
      <Broken broken={broken} />
    </ErrorBoundary>
  );
}

beforeEach(() => {
  // React reports the caught error on the console; the test is about what the user sees.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('error fallback', () => {
  it("shows 'Something went wrong' with 'Refresh Page' and 'Go to Dashboard'", () => {
    render(<Harness />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(texts.errorFallback.title);
    expect(screen.getByRole('button', { name: texts.errorFallback.refresh })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.errorFallback.home })).toBeInTheDocument();
  });

  it('Go to Dashboard recovers and shows the next screen', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: texts.errorFallback.home }));
    expect(screen.getByText('Screen content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
