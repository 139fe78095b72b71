import {
  checkin,
  checkinInput,
  eventListQuery,
  inspection,
  inspectionInput,
  signin,
  signinInput,
} from '@shared/schemas/floor';
import { paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import { requireIdempotency, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { createEventsService } from './events.service';

/** Check-ins, sign-ins and vet inspections: POST records an event, GET lists them newest first. */
export function eventsRoutes(app: App, ctx: AppContext): void {
  const events = createEventsService(ctx);
  const tags = ['floor'];
  const security = [{ bearer: [] }];
  const keyed = '(header Idempotency-Key required: a replay answers the first response)';

  app.post(
    '/api/v1/attendeeCheckin/',
    {
      schema: {
        tags,
        security,
        summary: `Check an attendee in or out, by id or by the key it was created with ${keyed}`,
        body: checkinInput,
        response: { 201: checkin },
      },
      config: { policy: 'attendee.write' },
    },
    async (request, reply) =>
      sendOutcome(reply, await events.checkin(request, request.body, requireIdempotency(request))),
  );

  app.get(
    '/api/v1/attendeeCheckin/',
    {
      schema: {
        tags,
        security,
        summary: "An attendee's check-ins (or a venue's), newest first",
        querystring: eventListQuery,
        response: { 200: paginated(checkin) },
      },
      config: { policy: 'floor.read' },
    },
    (request) => events.checkins(sessionOf(request), request.query),
  );

  app.post(
    '/api/v1/riderSignin/',
    {
      schema: {
        tags,
        security,
        summary: `Sign a rider in or out on arrival ${keyed}`,
        body: signinInput,
        response: { 201: signin },
      },
      config: { policy: 'signin.write' },
    },
    async (request, reply) =>
      sendOutcome(reply, await events.signin(request, request.body, requireIdempotency(request))),
  );

  app.get(
    '/api/v1/riderSignin/',
    {
      schema: {
        tags,
        security,
        summary: "A participation's sign-ins (or a venue's), newest first",
        querystring: eventListQuery,
        response: { 200: paginated(signin) },
      },
      config: { policy: 'floor.read' },
    },
    (request) => events.signins(sessionOf(request), request.query),
  );

  app.post(
    '/api/v1/vetInspection/',
    {
      schema: {
        tags,
        security,
        summary: `Record a vet inspection of a horse at the venue ${keyed}`,
        body: inspectionInput,
        response: { 201: inspection },
      },
      config: { policy: 'inspection.write' },
    },
    async (request, reply) =>
      sendOutcome(reply, await events.inspect(request, request.body, requireIdempotency(request))),
  );

  app.get(
    '/api/v1/vetInspection/',
    {
      schema: {
        tags,
        security,
        summary: "A horse's inspections (or a venue's), newest first",
        querystring: eventListQuery,
        response: { 200: paginated(inspection) },
      },
      config: { policy: 'floor.read' },
    },
    (request) => events.inspections(sessionOf(request), request.query),
  );
}
