import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import {
  commitInput,
  competitionImport,
  feiPreview,
  feiResultList,
  fetchFromFeiInput,
  importIdParams,
  MAX_FEI_FILE_BYTES,
} from '@shared/schemas/fei';
import { jobRun } from '@shared/schemas/jobs';

import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import { uploadedStream } from '../../http/multipart';
import type { App } from '../../types';
import { sendFile } from '../reports/send-file';
import { createFeiService, feiImportRun } from './fei.service';

const params = z.object({ id: idParam });

/** FEI entries in and results out (src/shared/schemas/fei.ts lists the endpoints). */
export function feiRoutes(app: App, ctx: AppContext): void {
  const service = createFeiService(ctx);
  ctx.jobs.register(feiImportRun(ctx));
  const tags = ['fei'];
  const security = [{ bearer: [] }];
  const config = { policy: 'fei.manage' as const };

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: { fileSize: MAX_FEI_FILE_BYTES, files: 1, fields: 2, parts: 3 } });
    for (const [path, kind] of [
      ['/api/v1/venue/:id/uploadFeiParticipations/', 'participations'],
      ['/api/v1/venue/:id/uploadFeiMasterlist/', 'masterlist'],
    ] as const) {
      scope.post(
        path,
        {
          schema: {
            tags,
            security,
            summary:
              kind === 'participations'
                ? 'Preview an FEI Entry System export (multipart field `file`): what would be created, matched, withdrawn'
                : 'Preview the FEI accepted entries list (multipart field `file`; every listed entry counts as accepted)',
            consumes: ['multipart/form-data'],
            params,
            response: { 201: feiPreview },
          },
          config,
        },
        async (request, reply) => {
          const preview = await service.upload(request, request.params.id, kind, await uploadedStream(request));
          return reply.status(201).send(preview);
        },
      );
    }
  });

  app.get(
    '/api/v1/venue/:id/feiImport/:importId/',
    {
      schema: {
        tags,
        security,
        summary: 'A stored FEI import: its preview, state and run',
        params: importIdParams,
        response: { 200: feiPreview },
      },
      config,
    },
    (request) => service.get(sessionOf(request), request.params.id, request.params.importId),
  );

  app.post(
    '/api/v1/venue/:id/feiImport/:importId/commit/',
    {
      schema: {
        tags,
        security,
        summary: 'Commit a previewed FEI import in a background run (again: the same run, nothing twice)',
        params: importIdParams,
        response: { 202: jobRun },
      },
      config,
    },
    async (request, reply) =>
      reply.status(202).send(await service.commit(request, request.params.id, request.params.importId)),
  );

  app.post(
    '/api/v1/venue/:id/fetch_from_fei/',
    {
      schema: {
        tags,
        security,
        summary: "Fetch a show's entries from the FEI web service and preview them like an upload",
        params,
        body: fetchFromFeiInput,
        response: { 201: feiPreview },
      },
      config,
    },
    async (request, reply) =>
      reply.status(201).send(await service.fetchFromFei(request, request.params.id, request.body.fei_id)),
  );

  app.post(
    '/api/v1/venue/:id/importParticipations/',
    {
      schema: {
        tags,
        security,
        summary: "The venue's show entries from the FEI web service: preview, or preview and commit",
        params,
        body: commitInput,
        response: { 200: feiPreview },
      },
      config,
    },
    (request) => service.importParticipations(request, request.params.id, request.body.commit),
  );

  app.post(
    '/api/v1/venue/:id/importCompetitions/',
    {
      schema: {
        tags,
        security,
        summary: "The show's competitions from the FEI web service: preview, or create and update (by FEI id)",
        params,
        body: commitInput,
        response: { 200: competitionImport },
      },
      config,
    },
    (request) => service.importCompetitions(request, request.params.id, request.body.commit),
  );

  app.get(
    '/api/v1/venue/:id/feiResults/',
    {
      schema: {
        tags,
        security,
        summary: 'The published competitions the FEI results XML holds',
        params,
        response: { 200: feiResultList },
      },
      config,
    },
    (request) => service.results(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/venue/:id/generateXMLresults/',
    {
      schema: {
        tags,
        security,
        summary: 'The FEI results XML (http://www.fei.org/Result) of the published competitions, as an attachment',
        params,
      },
      config,
    },
    async (request, reply) => {
      const file = await service.resultsXml(sessionOf(request), request.params.id);
      return sendFile(reply, {
        ...file,
        body: Buffer.from(file.body, 'utf8'),
        contentType: 'application/xml; charset=utf-8',
      });
    },
  );
}
