import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { documentListQuery, MAX_DOCUMENT_BYTES, OWNER_TYPES, ownerDocument } from '@shared/schemas/owner';
import { paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { createDocumentService } from './document.service';

const params = z.object({ id: idParam });

/** Owner documents: list, upload (multipart, this scope only), download, delete. */
export function documentRoutes(app: App, ctx: AppContext): void {
  const docs = createDocumentService(ctx);
  const tags = ['owner'];
  const security = [{ bearer: [] }];

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 8, parts: 9 } });
    for (const kind of OWNER_TYPES) {
      scope.post(
        `/api/v1/${kind}/:id/documents/`,
        {
          schema: {
            tags,
            security,
            summary: 'Upload a document (multipart: `file` + type, title, valid_until, team_member)',
            consumes: ['multipart/form-data'],
            params,
            response: { 201: ownerDocument },
          },
          config: { policy: 'owner.write' },
        },
        async (request, reply) => reply.status(201).send(await docs.create(request, kind, request.params.id)),
      );
    }
  });

  for (const kind of OWNER_TYPES) {
    app.get(
      `/api/v1/${kind}/:id/documents/`,
      {
        schema: { tags, security, params, querystring: documentListQuery, response: { 200: paginated(ownerDocument) } },
        config: { policy: 'owner.read' },
      },
      (request) => docs.list(request, kind, request.params.id, request.query),
    );
  }

  app.get(
    '/api/v1/document/:id/download/',
    {
      schema: { tags, security, summary: 'The file (owner, owner’s employer, admin)', params },
      config: { policy: 'owner.read' },
    },
    async (request, reply) => {
      const file = await docs.download(request, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
  app.delete(
    '/api/v1/document/:id/',
    { schema: { tags, security, params, response: noContent }, config: { policy: 'owner.write' } },
    async (request, reply) => {
      await docs.remove(request, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
