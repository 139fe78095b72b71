import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
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
import type { Policy } from '@shared/permissions';
import type { AppContext } from '../../context';
import { requireIdempotency, sendOutcome, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App, RequestUser } from '../../types';

type EventListQuery = z.output<typeof eventListQuery>;
import { createEventsService } from './events.service';

/** One kind of floor event: POST records one (Idempotency-Key required), GET lists them. */
interface EventKind<I extends z.ZodType, O extends z.ZodType> {
  path: string;
  input: I;
  output: O;
  policy: Policy;
  recordSummary: string;
  listSummary: string;
  record(request: FastifyRequest, input: z.infer<I>, claim: IdempotencyClaim): Promise<Outcome<z.infer<O>>>;
  list(user: RequestUser, query: EventListQuery): Promise<{ count: number; results: z.infer<O>[] }>;
}

function eventRoutes<I extends z.ZodType, O extends z.ZodType>(app: App, kind: EventKind<I, O>): void {
  const tags = ['floor'];
  const security = [{ bearer: [] }];
  // Fastify cannot resolve reply types of generic schemas: the routes see plain zod types,
  // the kind's functions keep theirs.
  const input: z.ZodType = kind.input;
  const output: z.ZodType = kind.output;
  app.post(
    kind.path,
    {
      schema: {
        tags,
        security,
        summary: `${kind.recordSummary} (header Idempotency-Key required: a replay answers the first response)`,
        body: input,
        response: { 201: output },
      },
      config: { policy: kind.policy },
    },
    async (request, reply) =>
      sendOutcome(reply, await kind.record(request, request.body as z.infer<I>, requireIdempotency(request))),
  );
  app.get(
    kind.path,
    {
      schema: {
        tags,
        security,
        summary: kind.listSummary,
        querystring: eventListQuery,
        response: { 200: paginated(output) },
      },
      config: { policy: 'floor.read' },
    },
    (request) => kind.list(sessionOf(request), request.query),
  );
}

/** Check-ins, sign-ins and vet inspections: POST records an event, GET lists them newest first. */
export function eventsRoutes(app: App, ctx: AppContext): void {
  const events = createEventsService(ctx);
  eventRoutes(app, {
    path: '/api/v1/attendeeCheckin/',
    input: checkinInput,
    output: checkin,
    policy: 'attendee.write',
    recordSummary: 'Check an attendee in or out, by id or by the key it was created with',
    listSummary: "An attendee's check-ins (or a venue's), newest first",
    record: (request, input, claim) => events.checkin(request, input, claim),
    list: (user, query) => events.checkins(user, query),
  });
  eventRoutes(app, {
    path: '/api/v1/riderSignin/',
    input: signinInput,
    output: signin,
    policy: 'signin.write',
    recordSummary: 'Sign a rider in or out on arrival',
    listSummary: "A participation's sign-ins (or a venue's), newest first",
    record: (request, input, claim) => events.signin(request, input, claim),
    list: (user, query) => events.signins(user, query),
  });
  eventRoutes(app, {
    path: '/api/v1/vetInspection/',
    input: inspectionInput,
    output: inspection,
    policy: 'inspection.write',
    recordSummary: 'Record a vet inspection of a horse at the venue',
    listSummary: "A horse's inspections (or a venue's), newest first",
    record: (request, input, claim) => events.inspect(request, input, claim),
    list: (user, query) => events.inspections(user, query),
  });
}
