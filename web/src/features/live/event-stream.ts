import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import {
  apiPaths,
  changedEventSchema,
  liveEventNames,
  unreadEventSchema,
  type LiveEntity,
} from '@um/contract';
import { refreshedAccess } from '../../lib/refresh';
import { readTokens } from '../../lib/session';

/**
 * What the stream says, as every tab hears it; `resumed` when it is connected again after it was
 * down, when changes may have gone unheard.
 */
export type LiveEvent =
  { type: 'unread'; count: number } | { type: 'changed'; entity: LiveEntity } | { type: 'resumed' };

/** Waits after a failed connection: doubling from 1 s up to 30 s, so a restart is not stormed. */
const RETRY_FIRST_MS = 1_000;
const RETRY_LAST_MS = 30_000;
/** After the server ended a stream (its token expired, the process is restarting). */
const RECONNECT_MS = 250;

class Refused extends Error {}

function parse(event: string, data: string): LiveEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (event === liveEventNames.unread) {
    const unread = unreadEventSchema.safeParse(json);
    return unread.success ? { type: 'unread', count: unread.data.count } : null;
  }
  if (event === liveEventNames.changed) {
    const changed = changedEventSchema.safeParse(json);
    return changed.success ? { type: 'changed', entity: changed.data.entity } : null;
  }
  return null;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Holds `GET /api/events/` open until `signal` aborts or the session ends, reconnecting
 * whenever it ends: with the same token while it lasts, after the API client's one shared
 * refresh once the server refuses it (it ends the stream when the token expires), and with
 * backoff while the server cannot be reached. Every connection starts with `unread`, and every
 * one after the first is announced as `resumed`, so that what changed in between is read again.
 */
export async function holdEventStream(
  signal: AbortSignal,
  deliver: (event: LiveEvent) => void,
): Promise<void> {
  let failures = 0;
  let connected = false;
  while (!signal.aborted) {
    const access = readTokens()?.access;
    if (!access) return;
    let refused = false;
    try {
      await fetchEventSource(apiPaths.events, {
        headers: { Authorization: `Bearer ${access}` },
        signal,
        // The tab holding the stream serves every tab, hidden or not.
        openWhenHidden: true,
        async onopen(response) {
          if (response.status === 401) throw new Refused();
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.startsWith(EventStreamContentType)) {
            throw new Error(`event stream answered ${response.status}`);
          }
          failures = 0;
          if (connected) deliver({ type: 'resumed' });
          connected = true;
        },
        onmessage(message) {
          const event = parse(message.event, message.data);
          if (event) deliver(event);
        },
        onerror(error) {
          // The loop here decides when to reconnect, not the library.
          throw error;
        },
      });
    } catch (error) {
      if (error instanceof Refused) refused = true;
      else failures += 1;
    }
    if (signal.aborted) return;
    if (refused) {
      try {
        if ((await refreshedAccess(access)) === null) return;
        continue;
      } catch {
        failures += 1;
      }
    }
    const wait =
      failures === 0 ? RECONNECT_MS : Math.min(RETRY_LAST_MS, RETRY_FIRST_MS * 2 ** (failures - 1));
    await pause(wait, signal);
  }
}
