import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { can } from '@shared/permissions';
import {
  checkRiderExistsInput,
  checkRiderExistsResponse,
  employment,
  employmentIdInput,
  employeeLookup,
  employmentStatus,
  lookupByEmail,
  lookupByFeiId,
  lookupByNationalId,
  personFound,
  personLookup,
  riderQuery,
} from '@shared/schemas/people';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import { limitBy } from '../../plugins/rate-limit';
import type { App } from '../../types';
import { createEmploymentService } from '../employer/employment.service';
import { createRiderLookupService } from './rider-lookup.service';

/** Finding riders and officials by exact match (show office, employers) and the rider's side of employment. */
export function riderLookupRoutes(app: App, ctx: AppContext): void {
  const lookup = createRiderLookupService(ctx);
  const employments = createEmploymentService(ctx);
  const tags = ['rider'];
  const security = [{ bearer: [] }];
  const config = { policy: 'rider.lookup' } as const;
  const found = { 200: personFound };

  app.post(
    '/api/v1/rider/getByEmail/',
    { schema: { tags, security, body: lookupByEmail, response: found }, config },
    (request) => lookup.byEmail(request.body.email),
  );
  app.post(
    '/api/v1/rider/getByFEIId/',
    { schema: { tags, security, body: lookupByFeiId, response: found }, config },
    (request) => lookup.byFeiId(request.body.feiId),
  );
  app.post(
    '/api/v1/rider/getByNationalID/',
    { schema: { tags, security, body: lookupByNationalId, response: found }, config },
    (request) => lookup.byNationalId(request.body.nationalID),
  );
  app.post(
    '/api/v1/people/lookup/',
    {
      schema: {
        tags,
        security,
        summary: 'Someone new to the venue by exact e-mail, FEI id or national id: id and name only',
        body: personLookup,
        response: found,
      },
      config: { policy: 'people.lookup' },
    },
    (request) => lookup.find(request.body.kind, request.body.by, request.body.value),
  );
  /*
   * Anyone signed in can make themselves an employer, so the employer's way of finding a new
   * employee is no more than the public registration check's: exact match, name and id only, and
   * rate-limited like the public forms so it cannot be walked through a list of addresses.
   */
  app.post(
    '/api/v1/employer/findRider/',
    {
      schema: {
        tags: ['employer'],
        security,
        summary: 'A rider to employ by exact e-mail, FEI id or national id: id and name only (rate-limited)',
        body: employeeLookup,
        response: found,
      },
      config: { policy: 'employment.manage', rateLimit: limitBy(ctx.config, 'auth') },
    },
    (request) => lookup.find('rider', request.body.by, request.body.value),
  );
  /*
   * Also the public registration form's check: anyone may ask, but only the roles that
   * may look riders up learn who it is; everyone else gets `exists` alone (rider: null), and a
   * caller without those roles is rate-limited like the other public forms.
   */
  const staff = (request: FastifyRequest) => can(request.user?.roles ?? [], 'rider.lookup');
  app.post(
    '/api/v1/rider/checkRiderExists/',
    {
      schema: {
        tags,
        summary: 'Does a rider with this licence or e-mail exist (public: `exists` only; staff: which rider)',
        body: checkRiderExistsInput,
        response: { 200: checkRiderExistsResponse },
      },
      config: { policy: 'public', rateLimit: { ...limitBy(ctx.config, 'auth'), allowList: staff } },
    },
    async (request) => {
      const answer = await lookup.exists(request.body);
      return staff(request) ? answer : { exists: answer.exists, rider: null };
    },
  );

  const read = { policy: 'owner.read' } as const;
  const respond = { policy: 'employment.respond' } as const;
  app.get(
    '/api/v1/rider/employmentStatus/',
    { schema: { tags, security, querystring: riderQuery, response: { 200: employmentStatus } }, config: read },
    (request) => employments.status(sessionOf(request), request.query.rider),
  );
  app.get(
    '/api/v1/rider/employmentHistory/',
    {
      schema: {
        tags,
        security,
        querystring: riderQuery,
        response: { 200: z.object({ results: z.array(employment) }) },
      },
      config: read,
    },
    (request) => employments.history(sessionOf(request), request.query.rider),
  );
  app.post(
    '/api/v1/rider/confirmEmployment/',
    { schema: { tags, security, body: employmentIdInput, response: { 200: employment } }, config: respond },
    (request) => employments.confirm(request, request.body.employmentId),
  );
  app.post(
    '/api/v1/rider/cancelEmployment/',
    { schema: { tags, security, body: employmentIdInput, response: { 200: employment } }, config: respond },
    (request) => employments.cancel(request, request.body.employmentId),
  );
}
