import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { myTeamMembership, OWNER_TYPES, teamMember, teamMemberInput } from '@shared/schemas/owner';
import { paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { patchBody } from '../configuration/patch-body';
import { createTeamMemberService } from './team-member.service';

const params = z.object({ id: idParam });

/** /api/v1/{kind}/{id}/teamMembers/, /api/v1/teamMember/{id}/…, /api/v1/teamMember/mine/. */
export function teamMemberRoutes(app: App, ctx: AppContext): void {
  const members = createTeamMemberService(ctx);
  const tags = ['owner'];
  const security = [{ bearer: [] }];

  for (const kind of OWNER_TYPES) {
    app.get(
      `/api/v1/${kind}/:id/teamMembers/`,
      {
        schema: { tags, security, params, response: { 200: paginated(teamMember) } },
        config: { policy: 'owner.read' },
      },
      (request) => members.list(request, kind, request.params.id),
    );
    app.post(
      `/api/v1/${kind}/:id/teamMembers/`,
      {
        schema: {
          tags,
          security,
          summary: 'Add a team member and e-mail them a one-time link',
          params,
          body: teamMemberInput,
          response: { 201: teamMember },
        },
        config: { policy: 'owner.write' },
      },
      async (request, reply) =>
        reply.status(201).send(await members.create(request, kind, request.params.id, request.body)),
    );
  }

  app.get(
    '/api/v1/teamMember/mine/',
    {
      schema: { tags, security, summary: 'Where I joined a team', response: { 200: paginated(myTeamMembership) } },
      config: { policy: 'owner.read' },
    },
    (request) => members.mine(request),
  );
  app.get(
    '/api/v1/teamMember/:id/',
    { schema: { tags, security, params, response: { 200: teamMember } }, config: { policy: 'owner.read' } },
    (request) => members.get(request, request.params.id),
  );
  app.patch(
    '/api/v1/teamMember/:id/',
    {
      schema: { tags, security, params, body: patchBody(teamMemberInput), response: { 200: teamMember } },
      config: { policy: 'owner.write' },
    },
    (request) => members.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/teamMember/:id/',
    { schema: { tags, security, params, response: noContent }, config: { policy: 'owner.write' } },
    async (request, reply) => {
      await members.remove(request, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/v1/teamMember/:id/resendInvite/',
    { schema: { tags, security, params, response: { 200: teamMember } }, config: { policy: 'owner.write' } },
    (request) => members.resendInvite(request, request.params.id),
  );
}
