import { z } from 'zod';
import { LIMITS } from './constants.js';
import { dataResponseSchema, isoDateTimeSchema, noNulCharacter, wellFormedText } from './common.js';
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

export const messageListResponseSchema = z.object({
  data: z.array(messageSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});

export const messageResponseSchema = dataResponseSchema(messageSchema);

export type MessageInput = z.input<typeof messageInputSchema>;
export type Message = z.infer<typeof messageSchema>;
export type MessageList = z.infer<typeof messageListResponseSchema>;
