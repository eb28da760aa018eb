import { z } from 'zod';
import { LIMITS } from './constants.js';
import {
  dataResponseSchema,
  isoDateTimeSchema,
  listCursorSchema,
  listLimitSchema,
  noNulCharacter,
  searchTextSchema,
  wellFormedText,
} from './common.js';
import { fieldTexts, texts } from './texts.js';

export const messageInputSchema = z.strictObject({
  content: z
    .string({ error: texts.inbox.contentRequired })
    .trim()
    .min(1, { error: texts.inbox.contentRequired })
    .max(LIMITS.messageMax, { error: fieldTexts.messageTooLong })
    .refine(...noNulCharacter)
    .refine(...wellFormedText),
});

export const messageSchema = z.object({
  id: z.number().int(),
  sender: z.string(),
  sender_id: z.number().int().nullable(),
  content: z.string(),
  is_read: z.boolean(),
  timestamp: isoDateTimeSchema,
});

/** The inbox's page, searched by words when `q` holds any (docs/api.md, "Lists"). */
export const messageListQuerySchema = z.strictObject({
  q: searchTextSchema(
    "Words, each found in the message or its sender's name, in any order, without regard to case",
  ),
  limit: listLimitSchema,
  cursor: listCursorSchema,
});

export const messageListResponseSchema = z.object({
  data: z.array(messageSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});

export const messageResponseSchema = dataResponseSchema(messageSchema);

export type MessageInput = z.input<typeof messageInputSchema>;
export type Message = z.infer<typeof messageSchema>;
export type MessageListQuery = z.input<typeof messageListQuerySchema>;
export type MessageList = z.infer<typeof messageListResponseSchema>;
