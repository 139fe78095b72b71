import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { listQuery } from '@shared/schemas/pagination';
import {
  MAX_REGISTRY_FILE_BYTES,
  resolveConflictInput,
  syncConflictList,
  syncStarted,
  syncStatusResponse,
} from '@shared/schemas/sync';
import type { AppContext } from '../../context';
import { uploadedFile } from '../../http/multipart';
import type { App } from '../../types';
import { createSyncService, registrySyncRun } from './sync.service';

/** The data sync from the federation's registry (src/shared/schemas/sync.ts lists the endpoints). */
export function syncRoutes(app: App, ctx: AppContext): void {
  const service = createSyncService(ctx);
  ctx.jobs.register(registrySyncRun(ctx));
  const tags = ['sync'];
  const security = [{ bearer: [] }];
  const config = { policy: 'venue.sync' as const };

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: { fileSize: MAX_REGISTRY_FILE_BYTES, files: 1, fields: 2, parts: 3 } });
    scope.post(
      '/api/v1/venue/start_sync/',
      {
        schema: {
          tags,
          security,
          summary:
            "Start a sync of riders, horses, officials and clubs: no payload reads the registry's export over HTTP; " +
            'form data with the export under `file` syncs that file. One sync at a time (409 sync_running).',
          consumes: ['application/json', 'multipart/form-data'],
          response: { 202: syncStarted },
        },
        config,
      },
      async (request, reply) => {
        const file = request.isMultipart() ? await uploadedFile(request, 'empty_file') : null;
        return reply.status(202).send(await service.start(request, file));
      },
    );
  });

  app.get(
    '/api/v1/venue/sync_status/',
    {
      schema: {
        tags,
        security,
        summary: 'The latest sync: status (idle, in_progress, done, error), progress, counts and the last sync date',
        response: { 200: syncStatusResponse },
      },
      config,
    },
    () => service.status(),
  );

  app.get(
    '/api/v1/syncConflict/',
    {
      schema: {
        tags,
        security,
        summary: 'Open sync conflicts: what the registry says and the office changed, or could not be matched',
        querystring: listQuery,
        response: { 200: syncConflictList },
      },
      config,
    },
    (request) => service.conflicts(request.query),
  );

  app.post(
    '/api/v1/syncConflict/:id/resolve/',
    {
      schema: {
        tags,
        security,
        summary: "Close a sync conflict: keep the local value, or take the registry's",
        params: z.object({ id: idParam }),
        body: resolveConflictInput,
        response: { 204: z.null() },
      },
      config,
    },
    async (request, reply) => {
      await service.resolve(request, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
}
