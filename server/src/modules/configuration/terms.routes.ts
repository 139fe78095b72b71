import { currentUser } from '@shared/schemas/auth';
import { acceptTermsInput, termsInput, termsVersion } from '@shared/schemas/configuration';
import { paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { createTermsService } from './terms.service';

export function termsRoutes(app: App, ctx: AppContext): void {
  const terms = createTermsService(ctx);
  const tags = ['configuration'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/termsAndConditions/',
    {
      schema: { tags, security, summary: 'Every version, newest first', response: { 200: paginated(termsVersion) } },
      config: { policy: 'config.read' },
    },
    () => terms.list(),
  );
  app.get(
    '/api/v1/termsAndConditions/current/',
    {
      schema: { tags, summary: 'The terms in force (public)', response: { 200: termsVersion } },
      config: { policy: 'public' },
    },
    () => terms.current(),
  );
  app.post(
    '/api/v1/termsAndConditions/',
    {
      schema: { tags, security, body: termsInput, response: { 201: termsVersion } },
      config: { policy: 'config.manage' },
    },
    async (request, reply) => reply.status(201).send(await terms.create(request, request.body)),
  );
  app.patch(
    '/api/v1/rider/acceptTC/',
    {
      schema: {
        tags,
        security,
        summary: 'The rider accepts the terms in force; answers the current user',
        body: acceptTermsInput,
        response: { 200: currentUser },
      },
      config: { policy: 'terms.accept' },
    },
    (request) => terms.accept(request, request.body.version),
  );
}
