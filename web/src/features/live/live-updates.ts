import type { LiveEvent } from './event-stream';

/** The Web Lock whose holder is the one tab of this browser that holds the stream. */
const LEADER_LOCK = 'um-live-updates';
const CHANNEL = 'um-live-updates';

/**
 * Live updates for this tab, over one stream per browser: every tab asks for the leader lock,
 * the tab that has it holds the stream and passes each event to the others over a
 * BroadcastChannel, and when it closes the next tab in line takes over. Eight open tabs so use
 * one of the browser's six connections to the server, not eight. Without Web Locks each tab
 * holds its own stream. Returns the stop, for sign-out and unmount.
 */
export function startLiveUpdates(deliver: (event: LiveEvent) => void): () => void {
  const stop = new AbortController();
  const channel = 'BroadcastChannel' in window ? new BroadcastChannel(CHANNEL) : null;
  channel?.addEventListener('message', (message: MessageEvent<LiveEvent>) => deliver(message.data));

  const lead = async () => {
    const { holdEventStream } = await import('./event-stream');
    await holdEventStream(stop.signal, (event) => {
      deliver(event);
      channel?.postMessage(event);
    });
  };

  if ('locks' in navigator) {
    navigator.locks
      .request(LEADER_LOCK, { signal: stop.signal }, () =>
        stop.signal.aborted ? undefined : lead(),
      )
      .catch(() => undefined);
  } else {
    void lead();
  }

  return () => {
    stop.abort();
    channel?.close();
  };
}
