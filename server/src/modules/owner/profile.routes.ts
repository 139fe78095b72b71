import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { OWNER_TYPES } from '@shared/schemas/owner';
import { employerProfile, employerRegistration, PROFILE_SCHEMAS } from '@shared/schemas/people';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { patchBody } from '../configuration/patch-body';
import { createProfileService } from './profile.service';

const params = z.object({ id: idParam });

/** GET/PATCH /api/v1/{kind}/{id}/, POST /api/v1/{kind}/ (admin), POST /api/v1/employer/register/. */
export function profileRoutes(app: App, ctx: AppContext): void {
  const profiles = createProfileService(ctx);
  const tags = ['people'];
  const security = [{ bearer: [] }];

  for (const kind of OWNER_TYPES) {
    const { wire, input } = PROFILE_SCHEMAS[kind];
    app.get(
      `/api/v1/${kind}/:id/`,
      {
        schema: { tags, security, summary: `A ${kind} profile`, params, response: { 200: wire } },
        config: { policy: 'owner.read' },
      },
      (request) => profiles.get(request, kind, request.params.id),
    );
    app.patch(
      `/api/v1/${kind}/:id/`,
      {
        schema: { tags, security, params, body: patchBody(input), response: { 200: wire } },
        config: { policy: 'owner.write' },
      },
      (request) => profiles.update(request, kind, request.params.id, request.body),
    );
    app.post(
      `/api/v1/${kind}/`,
      {
        schema: { tags, security, summary: `Add a ${kind} (no login yet)`, body: input, response: { 201: wire } },
        config: { policy: 'profile.create' },
      },
      async (request, reply) => reply.status(201).send(await profiles.create(request, kind, request.body)),
    );
  }

  app.post(
    '/api/v1/employer/register/',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user registers as an employer',
        body: employerRegistration,
        response: { 201: employerProfile },
      },
      config: { policy: 'employer.register' },
    },
    async (request, reply) => reply.status(201).send(await profiles.registerEmployer(request, request.body)),
  );
}
