import type { FastifyReply } from 'fastify';
import type { Page, WrittenPage } from '../db/paging.js';

/**
 * Sends a page whose items the database wrote as JSON, as it is rather than serialized again;
 * the route's schema still describes it in the API's documentation, and the tests check answers
 * against that schema. `extra` adds fields after the page's own (the inbox's unread count).
 *
 * The page's type must be one the route may answer with, so a route cannot send a page of one
 * resource where its schema promises another.
 */
export function sendWrittenPage<Item, Extra extends Record<string, number> = Record<never, number>>(
  reply: { send(payload: Page<Item> & Extra): unknown },
  page: WrittenPage<Item>,
  extra?: Extra,
): FastifyReply {
  let text = `{"data":[${page.items}],"next_cursor":${JSON.stringify(page.next_cursor)}`;
  for (const [name, value] of Object.entries(extra ?? {})) {
    text += `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
  }
  // A string with a JSON content type is sent as it is, past the route's serializer.
  return (reply as unknown as FastifyReply)
    .type('application/json; charset=utf-8')
    .send(`${text}}`);
}
