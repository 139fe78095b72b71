import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { bankAccount, bankAccountInput, OWNER_TYPES } from '@shared/schemas/owner';
import { paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { patchBody } from '../configuration/patch-body';
import { createOwnerBankAccountService } from './bank-account.service';

const params = z.object({ id: idParam });

/** /api/v1/{kind}/{id}/bankAccounts/ and /api/v1/bankAccount/{id}/. */
export function ownerBankAccountRoutes(app: App, ctx: AppContext): void {
  const accounts = createOwnerBankAccountService(ctx);
  const tags = ['owner'];
  const security = [{ bearer: [] }];

  for (const kind of OWNER_TYPES) {
    app.get(
      `/api/v1/${kind}/:id/bankAccounts/`,
      {
        schema: { tags, security, params, response: { 200: paginated(bankAccount) } },
        config: { policy: 'owner.read' },
      },
      (request) => accounts.list(request, kind, request.params.id),
    );
    app.post(
      `/api/v1/${kind}/:id/bankAccounts/`,
      {
        schema: { tags, security, params, body: bankAccountInput, response: { 201: bankAccount } },
        config: { policy: 'owner.write' },
      },
      async (request, reply) =>
        reply.status(201).send(await accounts.create(request, kind, request.params.id, request.body)),
    );
  }

  app.get(
    '/api/v1/bankAccount/:id/',
    { schema: { tags, security, params, response: { 200: bankAccount } }, config: { policy: 'owner.read' } },
    (request) => accounts.get(request, request.params.id),
  );
  app.patch(
    '/api/v1/bankAccount/:id/',
    {
      schema: { tags, security, params, body: patchBody(bankAccountInput), response: { 200: bankAccount } },
      config: { policy: 'owner.write' },
    },
    (request) => accounts.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/bankAccount/:id/',
    { schema: { tags, security, params, response: noContent }, config: { policy: 'owner.write' } },
    async (request, reply) => {
      await accounts.remove(request, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
