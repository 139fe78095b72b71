import { z } from 'zod';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { horse, horseInput, personAtVenue, personSummary } from '@shared/schemas/participation';
import { idParam } from '@shared/schemas/common';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { PERSON_KINDS } from './people.repo';
import { createPeopleService } from './people.service';

const searchQuery = listQuery.extend({ search: z.string().trim().max(100).optional() });
const venueQuery = listQuery.extend({
  venue: idParam.optional(),
  /** Name, e-mail or FEI id contains it. */
  search: z.string().trim().max(100).optional(),
});
/** Only the show office and admins see contact details: `email` is left out for the floor. */
const contact = { email: z.string().nullable().optional().describe('Left out for floor roles') };
const personFound = personSummary.extend(contact);
const personListed = personAtVenue.extend(contact);

/** Person and horse look-ups, people at a venue, bookkeeping reference ids. */
export function peopleRoutes(app: App, ctx: AppContext): void {
  const people = createPeopleService(ctx);
  const tags = ['people'];
  const security = [{ bearer: [] }];

  for (const kind of ['rider', 'official', 'simpleuser'] as const) {
    app.get(
      `/api/v1/${kind}/listAtVenue/`,
      {
        schema: {
          tags,
          security,
          summary: `The ${kind}s at a venue with their balance there; ?search= name, e-mail or FEI id`,
          querystring: venueQuery,
          response: { 200: paginated(personListed) },
        },
        config: { policy: 'people.atVenue' },
      },
      (request) => people.listAtVenue(sessionOf(request), kind, request.query),
    );
  }

  for (const kind of PERSON_KINDS) {
    app.get(
      `/api/v1/${kind}/`,
      {
        schema: {
          tags,
          security,
          summary: `Find ${kind}s: admins everyone; the show office and the stable the people of their venue (the stable without e-mails)`,
          querystring: searchQuery,
          response: { 200: paginated(personFound) },
        },
        config: { policy: 'people.search' },
      },
      (request) => people.search(sessionOf(request), kind, request.query),
    );
  }

  app.get(
    '/api/v1/rider/getNextBookkeepingRefId/',
    {
      schema: { tags, security, response: { 200: z.object({ next: z.number().int() }) } },
      config: { policy: 'bookkeeping.read' },
    },
    () => people.nextBookkeepingRefId(),
  );

  app.get(
    '/api/v1/horse/',
    {
      schema: {
        tags,
        security,
        summary: "Find horses (the stable: the horses entered at its venue; an employer: its employees' horses)",
        querystring: searchQuery,
        response: { 200: paginated(horse) },
      },
      config: { policy: 'horse.search' },
    },
    (request) => people.horses(sessionOf(request), request.query),
  );
  app.post(
    '/api/v1/horse/',
    {
      schema: { tags, security, body: horseInput, response: { 201: horse } },
      config: { policy: 'participation.manage' },
    },
    async (request, reply) => reply.status(201).send(await people.createHorse(request, request.body)),
  );
}
