import { z } from 'zod';
import {
  attendanceConfirmRequest,
  attendanceConfirmResponse,
  attendanceListQuery,
  attendanceRegistration,
  attendanceRequest,
  attendanceResponse,
} from '@shared/schemas/attendance';
import { idParam } from '@shared/schemas/common';
import { paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../http/language';
import { sessionOf } from '../../http/session';
import { limitBy } from '../../plugins/rate-limit';
import type { App } from '../../types';
import { createAttendanceService } from './attendance.service';

const venueParams = z.object({ id: idParam });

export function attendanceRoutes(app: App, ctx: AppContext): void {
  const attendance = createAttendanceService(ctx);
  const tags = ['attendance'];

  app.post(
    '/api/v1/attendance/',
    {
      schema: {
        tags,
        summary: 'Register as a spectator for a day of a show; a confirmation link goes by e-mail',
        body: attendanceRequest,
        response: { 200: attendanceResponse, 201: attendanceResponse },
      },
      config: { policy: 'public', rateLimit: limitBy(ctx.config, 'auth', 'email') },
    },
    async (request, reply) => {
      const { created, registration } = await attendance.register(
        request.body,
        request.body.language ?? requestLanguage(request),
      );
      return reply.status(created ? 201 : 200).send(registration);
    },
  );

  app.post(
    '/api/v1/attendance/confirm/',
    {
      schema: {
        tags,
        summary: "Confirm a spectator's registration with the e-mailed link",
        body: attendanceConfirmRequest,
        response: { 200: attendanceConfirmResponse },
      },
      config: { policy: 'public', validationError: 'link_invalid', rateLimit: limitBy(ctx.config, 'auth') },
    },
    (request) => attendance.confirm(request.body.token),
  );

  app.get(
    '/api/v1/venue/:id/attendance/',
    {
      schema: {
        tags,
        summary: 'The spectators registered for a venue (its organizers, show office and welcome desk)',
        security: [{ bearer: [] }],
        params: venueParams,
        querystring: attendanceListQuery,
        response: { 200: paginated(attendanceRegistration) },
      },
      config: { policy: 'attendance.read' },
    },
    (request) => attendance.list(sessionOf(request), request.params.id, request.query),
  );
}
