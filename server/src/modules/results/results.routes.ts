import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issuesToFieldErrors } from '@shared/errors';
import { idParam } from '@shared/schemas/common';
import {
  MAX_RESULTS_FILE_BYTES,
  prizePayment,
  publishInput,
  ranking,
  rankingRow,
  rankingSummaryList,
  resultInput,
  resultsUpload,
  uploadFields,
} from '@shared/schemas/results';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { requireIdempotency, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import { multipartForm } from '../../http/multipart';
import type { App } from '../../types';
import { createResultsService } from './results.service';

const params = z.object({ id: idParam });

/** The multipart form of an upload: `file` plus `competition` and `commit`, in any order. */
async function readUpload(request: FastifyRequest) {
  const form = await multipartForm(request);
  const values = Object.fromEntries(Object.entries(form.values).map(([k, v]) => [k, v === '' ? undefined : v]));
  const file = form.file;
  const parsed = uploadFields.safeParse(values);
  if (!parsed.success) throw new AppError('validation', { fields: issuesToFieldErrors(parsed.error.issues) });
  if (!file) throw fieldError('file', 'required');
  return { file, competition: parsed.data.competition, commit: parsed.data.commit === 'true' };
}

/** Results, rankings, publication, results upload and prize money (src/shared/schemas/results.ts). */
export function resultsRoutes(app: App, ctx: AppContext): void {
  const service = createResultsService(ctx);
  const tags = ['results'];
  const security = [{ bearer: [] }];
  const config = { policy: 'results.manage' as const };

  app.put(
    '/api/v1/competitionEntry/:id/result/',
    {
      schema: {
        tags,
        security,
        summary: "Save a starter's result (status R/EL/RT/DQ/WD/NS, round, jump-off or score by the rule)",
        params,
        body: resultInput,
        response: { 200: rankingRow },
      },
      config,
    },
    (request) => service.saveResult(request, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/competitionEntry/:id/result/',
    {
      schema: { tags, security, summary: "Clear a starter's result", params, response: { 200: rankingRow } },
      config,
    },
    (request) => service.clearResult(request, request.params.id),
  );

  app.get(
    '/api/v1/competition/:id/ranking/',
    {
      schema: {
        tags,
        security,
        summary: "The competition's ranking by its rule, with each place's prize and what was paid",
        params,
        response: { 200: ranking },
      },
      config,
    },
    (request) => service.ranking(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/competition/:id/publish/',
    {
      schema: {
        tags,
        security,
        summary: 'Publish the ranking (public from then) or hold it back',
        params,
        body: publishInput,
        response: { 200: ranking },
      },
      config,
    },
    (request) => service.publish(request, request.params.id, request.body.published),
  );

  app.post(
    '/api/v1/competition/:id/payPrizeMoney/',
    {
      schema: {
        tags,
        security,
        summary:
          'Pay the prize money of the published ranking: what each entry is owed beyond what it was paid, posted once (header Idempotency-Key)',
        params,
        response: { 200: prizePayment },
      },
      config,
    },
    async (request, reply) =>
      sendOutcome(reply, await service.payPrizeMoney(request, request.params.id, requireIdempotency(request))),
  );

  app.get(
    '/api/v1/venue/:id/rankings/',
    {
      schema: {
        tags,
        security,
        summary: "The venue's competitions with their results and publication",
        params,
        response: { 200: rankingSummaryList },
      },
      config,
    },
    (request) => service.venueRankings(sessionOf(request), request.params.id),
  );

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: MAX_RESULTS_FILE_BYTES, files: 1, fields: 2, parts: 3 },
    });
    scope.post(
      '/api/v1/venue/:id/uploadResults/',
      {
        schema: {
          tags,
          security,
          summary:
            'Upload a results file (multipart `file`: CSV or xlsx; `competition`; `commit` "true"/"false"): the rows with their errors, or all saved at once',
          consumes: ['multipart/form-data'],
          params,
          response: { 200: resultsUpload },
        },
        config,
      },
      async (request, reply) => {
        await service.assertVenue(sessionOf(request), request.params.id);
        const upload = await readUpload(request);
        const answer = await service.upload(request, request.params.id, upload.competition, upload.commit, upload.file);
        // JSON text built field by field to the schema above on a parsing thread: checking and
        // serialising 5,000 rows on the way out would hold the event loop for every other request.
        // Fastify sends a string of a JSON type as it is (typed here as the schema it was built to).
        return reply.type('application/json; charset=utf-8').send(answer as never);
      },
    );
  });
}
