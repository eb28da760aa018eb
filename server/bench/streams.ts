import { get, type ClientRequest } from 'node:http';
import { apiPaths } from '@um/contract';

export interface OpenStreams {
  /** Events received on all streams so far. */
  events(): number;
  /** Streams the server has ended or refused. */
  ended(): number;
  close(): void;
}

/**
 * Opens `count` event streams, one connection each, spread over the given access tokens (one
 * per staff member, as a school office has), and counts what they receive.
 */
export async function openEventStreams(
  origin: string,
  tokens: string[],
  count: number,
): Promise<OpenStreams> {
  let events = 0;
  let ended = 0;
  const requests: ClientRequest[] = [];
  await Promise.all(
    Array.from(
      { length: count },
      (_, index) =>
        new Promise<void>((resolve, reject) => {
          const request = get(
            new URL(apiPaths.events, origin),
            {
              agent: false,
              headers: { authorization: `Bearer ${tokens[index % tokens.length]}` },
            },
            (response) => {
              if (response.statusCode !== 200) {
                reject(new Error(`An event stream answered ${response.statusCode}.`));
                return;
              }
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => {
                // Chunks arrive in whole events here (the server writes each at once).
                events += chunk.match(/^event: /gm)?.length ?? 0;
              });
              response.once('close', () => (ended += 1));
              resolve();
            },
          );
          request.once('error', reject);
          requests.push(request);
        }),
    ),
  );
  return {
    events: () => events,
    ended: () => ended,
    close() {
      for (const request of requests) request.destroy();
    },
  };
}
