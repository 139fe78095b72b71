import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import {
  creditNoteInput,
  emailInvoicesInput,
  generateInvoiceQuery,
  invoice,
  invoiceListQuery,
  invoicePage,
  INVOICED_PARTY_TYPES,
  partyInvoiceList,
} from '@shared/schemas/invoices';
import { jobRun } from '@shared/schemas/jobs';
import type { AppContext } from '../../context';
import { idempotencyOf, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { runsToWire } from '../jobs/jobs.routes';
import { invoiceEmailRun, invoiceRun } from './invoice-runs';
import { createInvoiceService } from './invoice.service';

const params = z.object({ id: idParam });

/** A file answer: private, not sniffed, with its name. */
export function sendFile(reply: FastifyReply, file: { fileName: string; body: Buffer | string }, type: string) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/** Invoices and credit notes (src/shared/schemas/invoices.ts lists the endpoints). */
export function invoiceRoutes(app: App, ctx: AppContext): void {
  const service = createInvoiceService(ctx);
  ctx.jobs.register(invoiceRun(ctx));
  ctx.jobs.register(invoiceEmailRun(ctx));
  const tags = ['invoices'];
  const security = [{ bearer: [] }];
  const manage = { policy: 'invoice.manage' as const };
  const read = { policy: 'invoice.read' as const };

  app.post(
    '/api/v1/venue/:id/generateInvoices/',
    {
      schema: {
        tags,
        security,
        summary: 'Start the invoice run: every party with uninvoiced entries gets its invoice (a background run)',
        params,
        response: { 202: jobRun },
      },
      config: manage,
    },
    async (request, reply) => {
      const run = await service.generateAll(sessionOf(request), request.params.id);
      return reply.status(202).send((await runsToWire(ctx, [run]))[0]!);
    },
  );

  app.get(
    '/api/v1/venue/:id/generateInvoice/',
    {
      schema: {
        tags,
        security,
        summary: "Invoice the payer of one rider's participation now",
        params,
        querystring: generateInvoiceQuery,
        response: { 201: invoice },
      },
      config: manage,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.generateOne(sessionOf(request), request.params.id, request.query.venueParticipationID)),
  );

  app.get(
    '/api/v1/venue/:id/invoices/',
    {
      schema: {
        tags,
        security,
        summary: "The venue's invoices and credit notes",
        params,
        querystring: invoiceListQuery,
        response: { 200: invoicePage },
      },
      config: manage,
    },
    (request) => service.list(sessionOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/v1/venue/:id/emailInvoices/',
    {
      schema: {
        tags,
        security,
        summary: 'Start the e-mail run of invoices (the PDF attached; each invoice once per run)',
        params,
        body: emailInvoicesInput,
        response: { 202: jobRun },
      },
      config: manage,
    },
    async (request, reply) => {
      const run = await service.emailAll(sessionOf(request), request.params.id, request.body);
      return reply.status(202).send((await runsToWire(ctx, [run]))[0]!);
    },
  );

  app.get(
    '/api/v1/venue/:id/downloadInvoices/',
    { schema: { tags, security, summary: "Every invoice's PDF of the venue as one zip", params }, config: manage },
    async (request, reply) =>
      sendFile(reply, await service.download(sessionOf(request), request.params.id), 'application/zip'),
  );

  app.get(
    '/api/v1/invoice/:id/',
    {
      schema: { tags, security, summary: 'One invoice or credit note', params, response: { 200: invoice } },
      config: read,
    },
    (request) => service.get(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/invoice/:id/pdf/',
    {
      schema: { tags, security, summary: 'The Factur-X PDF (PDF/A-3 with the EN 16931 CII XML embedded)', params },
      config: read,
    },
    async (request, reply) =>
      sendFile(reply, await service.pdf(sessionOf(request), request.params.id), 'application/pdf'),
  );

  app.get(
    '/api/v1/invoice/:id/xrechnung/',
    { schema: { tags, security, summary: 'The XRechnung (UBL) XML', params }, config: read },
    async (request, reply) =>
      sendFile(reply, await service.xrechnung(sessionOf(request), request.params.id), 'application/xml; charset=utf-8'),
  );

  app.post(
    '/api/v1/invoice/:id/creditNote/',
    {
      schema: {
        tags,
        security,
        summary:
          'A credit note for the whole invoice or chosen lines: reverses those entries (Idempotency-Key optional)',
        params,
        body: creditNoteInput,
        response: { 201: invoice },
      },
      config: manage,
    },
    async (request, reply) =>
      sendOutcome(reply, await service.creditNote(request, request.params.id, request.body, idempotencyOf(request))),
  );

  for (const type of INVOICED_PARTY_TYPES) {
    app.get(
      `/api/v1/${type}/:id/invoices/`,
      {
        schema: { tags, security, summary: "The party's own invoices", params, response: { 200: partyInvoiceList } },
        config: { policy: 'owner.read' },
      },
      (request) => service.ofParty(request, type, request.params.id),
    );
  }
}
