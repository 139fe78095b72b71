import { z } from 'zod';
import { venueBankAccount, venueBankAccountInput } from '@shared/schemas/configuration';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { createBankAccountService } from './bank-account.service';
import { noContent } from './no-content';
import { patchBody } from './patch-body';

const params = z.object({ id: idParam });
const query = listQuery.extend({ venue: idParam.optional() });
const patch = patchBody(venueBankAccountInput.omit({ venue: true }));

/** Venue bank accounts (the account invoices name): admins, and a venue's organizer for its own venue. */
export function bankAccountRoutes(app: App, ctx: AppContext): void {
  const accounts = createBankAccountService(ctx);
  const tags = ['configuration'];
  const security = [{ bearer: [] }];
  const config = { policy: 'venue.bankAccount' } as const;

  app.get(
    '/api/v1/venueBankAccount/',
    { schema: { tags, security, querystring: query, response: { 200: paginated(venueBankAccount) } }, config },
    (request) => accounts.list(sessionOf(request), request.query.venue, request.query),
  );
  app.post(
    '/api/v1/venueBankAccount/',
    { schema: { tags, security, body: venueBankAccountInput, response: { 201: venueBankAccount } }, config },
    async (request, reply) => reply.status(201).send(await accounts.create(request, request.body)),
  );
  app.patch(
    '/api/v1/venueBankAccount/:id/',
    { schema: { tags, security, params, body: patch, response: { 200: venueBankAccount } }, config },
    (request) => accounts.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/venueBankAccount/:id/',
    { schema: { tags, security, params, response: noContent }, config },
    async (request, reply) => {
      await accounts.delete(request, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
