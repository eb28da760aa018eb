import { z } from 'zod';
import {
  apiPaths,
  idParamsSchema,
  listQuerySchema,
  messageInputSchema,
  messageListResponseSchema,
  messageResponseSchema,
  problemSchema,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { currentUserId, requireUser } from '../auth/guard.js';
import { sendWrittenJson } from '../http/written-json.js';
import { hideMessage, listInbox, markRead, postMessage } from './repository.js';

const tags = ['messages'];
const security = [{ bearer: [] }];

export function messagesRoutes(app: ZodApp, { config, database }: AppContext): void {
  const { db } = database;
  // onRequest, not preHandler: an anonymous caller learns nothing, not even how a body is checked.
  const onRequest = requireUser(db, config.jwtSecret);

  app.get(
    apiPaths.messages,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The caller's inbox, newest first, with their unread count",
        querystring: listQuerySchema,
        response: { 200: messageListResponseSchema, 400: problemSchema, 401: problemSchema },
      },
    },
    async (request, reply) =>
      sendWrittenJson(
        reply,
        await listInbox(db, database.dialect, currentUserId(request), request.query),
      ),
  );

  app.post(
    apiPaths.messages,
    {
      onRequest,
      config: { liveChange: { entity: 'messages' } },
      schema: {
        tags,
        security,
        summary: 'Post a message to every staff member',
        body: messageInputSchema,
        response: { 201: messageResponseSchema, 400: problemSchema, 401: problemSchema },
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
      onRequest,
      config: { liveChange: { entity: 'messages', callerOnly: true } },
      schema: {
        tags,
        security,
        summary: 'Mark a message read for the caller (idempotent)',
        params: idParamsSchema,
        body: z.strictObject({}).nullish(),
        response: {
          200: messageResponseSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request) => ({ data: await markRead(db, currentUserId(request), request.params.id) }),
  );

  app.delete(
    apiPaths.message,
    {
      onRequest,
      config: { liveChange: { entity: 'messages', callerOnly: true } },
      schema: {
        tags,
        security,
        summary: "Remove a message from the caller's inbox only",
        params: idParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      await hideMessage(db, currentUserId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
