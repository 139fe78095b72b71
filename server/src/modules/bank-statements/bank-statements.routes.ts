import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import {
  assignLineInput,
  bankStatementLine,
  bankStatementList,
  MAX_STATEMENT_BYTES,
  reviewList,
  reviewQuery,
  statementImport,
} from '@shared/schemas/payouts';

import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import { uploadedFile } from '../../http/multipart';
import type { App } from '../../types';
import { createBankStatementService } from './bank-statements.service';

const params = z.object({ id: idParam });

/** Bank statements (src/shared/schemas/payouts.ts lists the endpoints). Multipart lives in this scope only. */
export function bankStatementRoutes(app: App, ctx: AppContext): void {
  const service = createBankStatementService(ctx);
  const tags = ['bank statements'];
  const security = [{ bearer: [] }];
  const config = { policy: 'bankStatement.manage' as const };

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 2, parts: 3 } });
    scope.post(
      '/api/v1/venue/:id/bankStatements/',
      {
        schema: {
          tags,
          security,
          summary:
            'Upload a camt.053 statement (multipart field `file`): credits matched to invoices and parties, payments posted once',
          consumes: ['multipart/form-data'],
          params,
          response: { 200: statementImport, 201: statementImport },
        },
        config,
      },
      async (request, reply) => {
        await service.assertVenue(sessionOf(request), request.params.id);
        const outcome = await service.upload(request, request.params.id, await uploadedFile(request));
        return reply.status(outcome.status).send(outcome.body);
      },
    );
  });

  app.get(
    '/api/v1/venue/:id/bankStatements/',
    {
      schema: {
        tags,
        security,
        summary: "The venue's uploaded statements",
        params,
        response: { 200: bankStatementList },
      },
      config,
    },
    (request) => service.list(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/venue/:id/bankStatements/review/',
    {
      schema: {
        tags,
        security,
        summary: 'Credits of the statements by status (default: unmatched, waiting for the office)',
        params,
        querystring: reviewQuery,
        response: { 200: reviewList },
      },
      config,
    },
    (request) => service.review(sessionOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/v1/bankStatementLine/:id/assign/',
    {
      schema: {
        tags,
        security,
        summary: 'Assign a credit by hand to an invoice or a party: its payment is posted once',
        params,
        body: assignLineInput,
        response: { 200: bankStatementLine },
      },
      config,
    },
    (request) => service.assign(request, request.params.id, request.body),
  );

  app.post(
    '/api/v1/bankStatementLine/:id/ignore/',
    {
      schema: {
        tags,
        security,
        summary: 'Set an unmatched credit aside',
        params,
        response: { 200: bankStatementLine },
      },
      config,
    },
    (request) => service.ignore(request, request.params.id),
  );
}
