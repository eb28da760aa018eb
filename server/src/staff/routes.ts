import { z } from 'zod';
import {
  activityListResponseSchema,
  appRoutes,
  invitationListResponseSchema,
  invitationRequestSchema,
  invitationResponseSchema,
  listQuerySchema,
  problemSchema,
  sessionListResponseSchema,
  sessionParamsSchema,
  staffIdParamsSchema,
  staffListQuerySchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffPaths,
  staffTexts,
  staffUpdateSchema,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { currentSessionId, currentUserId } from '../http/access.js';
import { clientOf } from '../http/client.js';
import { HttpError, conflict, mailUnavailable, notFound } from '../http/problem.js';
import { nowIso } from '../db/time.js';
import { historyRoute } from '../records/history-route.js';
import { invitationMail } from '../mail/templates.js';
import { claimMailSlot, releaseMailSlot, secondsUntilMailSlot } from '../mail/cooldown.js';
import { recordActivity } from '../records/activity.js';
import { listLiveSessions } from '../repositories/sessions.js';
import { findUserByEmail, findUserById } from '../repositories/users.js';
import { changeStaffMember, findStaffMember, listStaff } from './accounts.js';
import { listActivity } from './activity.js';
import {
  INVITATION_TTL_DAYS,
  createInvitation,
  discardInvitation,
  listPendingInvitations,
  withdrawInvitation,
} from './invitations.js';
import { revokeOtherSessions, revokeSession } from './sessions.js';

const tags = ['staff'];
const admin = { requires: 'staff:manage' } as const;

/**
 * Staff accounts (docs/staff.md): the admin's list of who has access, roles and deactivation,
 * invitations, each account's history and activity; and every person's own signed-in devices
 * and activity. Registered in the signed-in scope; the admin's routes declare `staff:manage`.
 */
export function staffRoutes(app: ZodApp, { config, database, mailer, bus }: AppContext): void {
  const { db, dialect } = database;

  app.get(
    staffPaths.staff,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listStaff',
        summary:
          'Every staff account, in the order they were created, with role, status and last seen',
        querystring: staffListQuerySchema,
        response: { 200: staffListResponseSchema, 400: problemSchema },
      },
    },
    async (request) => listStaff(db, request.query),
  );

  app.patch(
    staffPaths.staffMember,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'updateStaffMember',
        summary:
          "Change an account's role or status; deactivating ends every session of theirs at once",
        params: staffIdParamsSchema,
        body: staffUpdateSchema,
        response: {
          200: staffMemberResponseSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema.describe('The change would leave no active admin'),
        },
      },
    },
    async (request) => {
      const { member, deactivated } = await changeStaffMember(
        db,
        dialect,
        {
          id: request.params.id,
          change: request.body,
          actorId: currentUserId(request),
          client: clientOf(request),
        },
        new Date(),
      );
      // Committed: every event stream of theirs, in every process, asks the access check again.
      if (deactivated) bus.publishAccessChange({ userId: member.id });
      return { data: member };
    },
  );

  historyRoute(app, db, {
    path: staffPaths.staffHistory,
    entity: 'user',
    notFoundText: staffTexts.staffNotFound,
    requires: admin.requires,
  });

  app.get(
    staffPaths.staffActivity,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listStaffMemberActivity',
        summary: "An account's sign-ins and changes, newest first",
        params: staffIdParamsSchema,
        querystring: listQuerySchema,
        response: { 200: activityListResponseSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      if (!(await findStaffMember(db, request.params.id))) throw notFound(staffTexts.staffNotFound);
      return listActivity(db, request.params.id, request.query, { as: 'admin' });
    },
  );

  app.post(
    staffPaths.invitations,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'inviteStaffMember',
        summary:
          'Mail an invitation link, single use for 7 days, to sign up with a role; it replaces the pending invitation of the address',
        body: invitationRequestSchema,
        response: {
          201: invitationResponseSchema,
          400: problemSchema,
          409: problemSchema.describe('The address already has an account'),
          429: problemSchema.describe('An invitation was sent to the address within the minute'),
          503: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, role } = request.body;
      if (await findUserByEmail(db, email)) {
        throw conflict(staffTexts.alreadyHasAccount, { email: [staffTexts.alreadyHasAccount] });
      }
      const now = new Date();
      // One invitation mail per address a minute, as for sign-up codes: an address is not flooded.
      const slot = await claimMailSlot(db, email, 'invitation', now);
      if (slot === null) {
        const seconds = await secondsUntilMailSlot(db, email, 'invitation', now);
        throw new HttpError(429, staffTexts.invitationJustSent(seconds), {
          title: 'Too Many Requests',
          headers: { 'retry-after': String(seconds) },
        });
      }
      const inviter = await findUserById(db, currentUserId(request));
      const { invitation, token } = await createInvitation(
        db,
        { email, role, invitedBy: currentUserId(request) },
        now,
      );
      const url = `${config.appUrl}${appRoutes.register}?invite=${encodeURIComponent(token)}`;
      try {
        await mailer.send(
          invitationMail(email, url, inviter?.name || inviter?.email || '', INVITATION_TTL_DAYS),
        );
      } catch (error) {
        await discardInvitation(db, invitation.id);
        await releaseMailSlot(db, email, 'invitation', slot);
        request.log.warn({ err: error }, 'invitation mail failed');
        throw mailUnavailable();
      }
      return reply.code(201).send({ data: invitation });
    },
  );

  app.get(
    staffPaths.invitations,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listInvitations',
        summary: 'Invitations not yet used and not expired, newest first',
        response: { 200: invitationListResponseSchema },
      },
    },
    async () => ({ data: await listPendingInvitations(db, new Date()) }),
  );

  app.delete(
    staffPaths.invitation,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'withdrawInvitation',
        summary: 'Withdraw a pending invitation: its link stops working',
        params: staffIdParamsSchema,
        response: { 204: z.null(), 400: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      if (!(await withdrawInvitation(db, request.params.id))) {
        throw notFound(staffTexts.invitationNotFound);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    staffPaths.sessions,
    {
      schema: {
        tags,
        operationId: 'listSessions',
        summary: "The caller's signed-in devices, one per sign-in, most recently used first",
        response: { 200: sessionListResponseSchema },
      },
    },
    async (request) => {
      const current = currentSessionId(request);
      const sessions = await listLiveSessions(db, currentUserId(request), nowIso(new Date()));
      return { data: sessions.map((session) => ({ ...session, current: session.id === current })) };
    },
  );

  app.delete(
    staffPaths.session,
    {
      schema: {
        tags,
        operationId: 'signOutSession',
        summary: 'Sign one of the caller’s devices out, its access token too',
        params: sessionParamsSchema,
        response: { 204: z.null(), 400: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const now = new Date();
      if (!(await revokeSession(db, userId, request.params.id, now))) {
        throw notFound(staffTexts.sessionNotFound);
      }
      bus.publishAccessChange({ userId, sessionId: request.params.id });
      await recordActivity(db, userId, 'session_signed_out', clientOf(request), now);
      return reply.code(204).send(null);
    },
  );

  app.post(
    staffPaths.revokeOtherSessions,
    {
      schema: {
        tags,
        operationId: 'signOutOtherSessions',
        summary: 'Sign out every device of the caller but this one',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const now = new Date();
      await revokeOtherSessions(db, userId, currentSessionId(request), now);
      // This session is untouched, so its own streams pass the check they are asked again.
      bus.publishAccessChange({ userId });
      await recordActivity(db, userId, 'session_signed_out', clientOf(request), now);
      return reply.code(204).send(null);
    },
  );

  app.get(
    staffPaths.activity,
    {
      schema: {
        tags,
        operationId: 'listActivity',
        summary: "The caller's sign-ins and account changes, newest first",
        querystring: listQuerySchema,
        response: { 200: activityListResponseSchema, 400: problemSchema },
      },
    },
    async (request) => listActivity(db, currentUserId(request), request.query, { as: 'self' }),
  );
}
