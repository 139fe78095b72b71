import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { addEmployeeInput, employment, endEmploymentInput } from '@shared/schemas/people';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { createEmploymentService } from './employment.service';

const params = z.object({ id: idParam });

/** The employer's employees: list, add (pending until the rider confirms), end. */
export function employerRoutes(app: App, ctx: AppContext): void {
  const employments = createEmploymentService(ctx);
  const tags = ['employer'];
  const security = [{ bearer: [] }];
  const manage = { policy: 'employment.manage' } as const;

  app.get(
    '/api/v1/employer/:id/employees/',
    {
      schema: {
        tags,
        security,
        params,
        response: { 200: z.object({ count: z.number().int(), results: z.array(employment) }) },
      },
      config: { policy: 'owner.read' },
    },
    (request) => employments.employees(sessionOf(request), request.params.id),
  );
  app.post(
    '/api/v1/employer/addEmployee/',
    { schema: { tags, security, body: addEmployeeInput, response: { 201: employment } }, config: manage },
    async (request, reply) => reply.status(201).send(await employments.add(request, request.body)),
  );
  app.post(
    '/api/v1/employer/endEmployment/',
    {
      schema: {
        tags,
        security,
        summary: 'End a confirmed employment; ending it again answers 409 (already_ended)',
        body: endEmploymentInput,
        response: { 200: employment },
      },
      config: manage,
    },
    (request) => employments.end(request, request.body),
  );
}
