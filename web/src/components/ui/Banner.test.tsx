import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTICE_DISMISS_MS } from '@um/contract';
import { Banner, useNotice } from './Banner';
import { NoticeArea } from './NoticeArea';

describe('Banner', () => {
  it('announces errors as alerts, with the server detail under the message', () => {
    render(<Banner tone="error" message="Failed to delete message." detail="No such message." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to delete message.');
    expect(alert).toHaveTextContent('No such message.');
  });

  it('announces successes politely and does not repeat a detail equal to the message', () => {
    render(<Banner tone="success" message="Saved." detail="Saved." />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Saved\.$/);
  });

  it('can be dismissed', async () => {
    const onDismiss = vi.fn();
    render(<Banner tone="info" message="Hello" onDismiss={onDismiss} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalled();
  });
});

describe('NoticeArea', () => {
  it('pins the notice to the viewport, not the top of the page, and lets it be dismissed', async () => {
    const onDismiss = vi.fn();
    const { rerender } = render(<NoticeArea notice={null} onDismiss={onDismiss} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    rerender(<NoticeArea notice={{ tone: 'success', message: 'Saved.' }} onDismiss={onDismiss} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Saved.');
    expect(status.parentElement).toHaveClass('fixed', 'bottom-0');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalled();
  });
});

describe('useNotice', () => {
  it('clears a notice after 5 seconds, and a new notice restarts the clock', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useNotice());

    act(() => result.current.show({ tone: 'success', message: 'Standard added successfully!' }));
    act(() => vi.advanceTimersByTime(NOTICE_DISMISS_MS - 1000));
    act(() =>
      result.current.show({ tone: 'error', message: 'Failed to add standard. Please try again.' }),
    );
    act(() => vi.advanceTimersByTime(NOTICE_DISMISS_MS - 1));
    expect(result.current.notice?.tone).toBe('error');

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.notice).toBeNull();
  });
});
