import { z } from 'zod';

/**
 * The event stream (docs/live-updates.md): what the server sends on `apiPaths.events`
 * and the web app reads. Payloads name what changed, never the records themselves, so a client
 * refetches what it shows through the ordinary, authorised calls.
 */
export const liveEntities = ['students', 'standards', 'messages'] as const;
export const liveEntitySchema = z.enum(liveEntities);
export type LiveEntity = z.infer<typeof liveEntitySchema>;

/** `event: unread`: the caller's unread count, first on every connection and after each change. */
export const unreadEventSchema = z.object({ count: z.number().int().nonnegative() });
/** `event: changed`: somebody changed records of this kind; refetch what shows them. */
export const changedEventSchema = z.object({ entity: liveEntitySchema });

export type UnreadEvent = z.infer<typeof unreadEventSchema>;
export type ChangedEvent = z.infer<typeof changedEventSchema>;

export const liveEventNames = { unread: 'unread', changed: 'changed' } as const;

/** The longest the server stays silent on a stream: proxies close idle connections. */
export const LIVE_HEARTBEAT_SECONDS = 15;

/** The most event streams one person holds open at once in one API process (decision 0034). */
export const LIVE_STREAMS_PER_PERSON = 10;

/** What a person reads when the server refuses a stream. */
export const liveTexts = {
  tooManyStreams: `You already have ${LIVE_STREAMS_PER_PERSON} live update connections open. Close some tabs or windows of this app and try again.`,
} as const;
