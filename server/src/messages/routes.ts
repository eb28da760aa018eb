import { z } from 'zod';
import {
  apiPaths,
  recordPaths,
  idParamsSchema,
  messageInputSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messageResponseSchema,
  problemSchema,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { currentUserId } from '../http/access.js';
import { sendWrittenPage } from '../http/written-json.js';
import { hideMessage, listInbox, markRead, postMessage, restoreMessage } from './inbox.js';

const tags = ['messages'];

export function messagesRoutes(app: ZodApp, { database }: AppContext): void {
  const { db } = database;

  app.get(
    apiPaths.messages,
    {
      schema: {
        tags,
        operationId: 'listMessages',
        summary: "The caller's inbox, newest first, searched by words, with their unread count",
        querystring: messageListQuerySchema,
        response: { 200: messageListResponseSchema, 400: problemSchema },
      },
    },
    async (request, reply) => {
      const inbox = await listInbox(db, database.dialect, currentUserId(request), request.query);
      return sendWrittenPage(reply, inbox.page, { unread_count: inbox.unread_count });
    },
  );

  app.post(
    apiPaths.messages,
    {
      config: { liveChange: { entity: 'messages' } },
      schema: {
        tags,
        operationId: 'postMessage',
        summary: 'Post a message to every staff member',
        body: messageInputSchema,
        response: { 201: messageResponseSchema, 400: problemSchema },
      },
    },
    async (request, reply) => {
      const data = await postMessage(db, currentUserId(request), request.body.content);
      return reply.code(201).send({ data });
    },
  );

  app.patch(
    apiPaths.messageRead,
    {
      config: { liveChange: { entity: 'messages', callerOnly: true } },
      schema: {
        tags,
        operationId: 'markMessageRead',
        summary: 'Mark a message read for the caller (idempotent)',
        params: idParamsSchema,
        body: z.strictObject({}).nullish(),
        response: {
          200: messageResponseSchema,
          400: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request) => ({ data: await markRead(db, currentUserId(request), request.params.id) }),
  );

  app.delete(
    apiPaths.message,
    {
      config: { liveChange: { entity: 'messages', callerOnly: true } },
      schema: {
        tags,
        operationId: 'deleteMessage',
        summary: "Remove a message from the caller's inbox only",
        params: idParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          400: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      await hideMessage(db, currentUserId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    recordPaths.messageRestore,
    {
      config: { liveChange: { entity: 'messages', callerOnly: true } },
      schema: {
        tags,
        operationId: 'restoreMessage',
        summary: "Put a message the caller removed back in their inbox (a delete's Undo)",
        params: idParamsSchema,
        body: z.strictObject({}).nullish(),
        response: {
          200: messageResponseSchema,
          400: problemSchema,
          404: problemSchema.describe("Not removed from the caller's inbox"),
        },
      },
    },
    async (request) => ({
      data: await restoreMessage(db, currentUserId(request), request.params.id),
    }),
  );
}
