import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { venueDetail } from '@shared/schemas/venue-setup';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { uploadedFile } from '../../http/multipart';
import type { App } from '../../types';
import { MAX_LOGO_BYTES } from './logo-file';
import { createLogoService } from './logo.service';

const params = z.object({ id: idParam });
const nameParams = z.object({ name: z.string().max(60) });

/** Whitelabel logo upload (admins) and its public address. Multipart lives in this scope only. */
export function logoRoutes(app: App, ctx: AppContext): void {
  const logos = createLogoService(ctx);

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 5, parts: 6 } });

    scope.post(
      '/api/v1/venue/:id/whitelabel_logo/',
      {
        schema: {
          tags: ['venue setup'],
          summary: 'Upload the whitelabel logo (multipart field `file`: png, jpeg, svg or webp, at most 512 kB)',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          params,
          response: { 200: venueDetail },
        },
        config: { policy: 'venue.manage' },
      },
      async (request) => {
        await logos.assertVenue(request, request.params.id);
        return logos.store(request, request.params.id, await uploadedFile(request, null));
      },
    );
  });

  app.get(
    '/media/venue-logo/:name',
    { schema: { hide: true, params: nameParams }, config: { policy: 'public' } },
    async (request, reply) => {
      const logo = await logos.load(request.params.name);
      if (!logo) throw new AppError('not_found');
      return reply
        .type(logo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
        .header('x-content-type-options', 'nosniff')
        .send(logo.bytes);
    },
  );
}
