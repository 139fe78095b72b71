import { z } from 'zod';
import { TRANSLATIONS_URL } from '@shared/constants';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { loadTranslations } from './translations.loader';

/** The client's translations, merged from src/locales at start-up (spec §7). */
export function translationRoutes(app: App, ctx: AppContext): void {
  const bundle = loadTranslations(ctx.config.localesDir);

  app.get(
    TRANSLATIONS_URL,
    {
      schema: {
        tags: ['translations'],
        summary: 'All translations: { <lang>: { <namespace>: {...} } }',
        querystring: z.object({ t: z.string().max(40).optional() }),
      },
      config: { policy: 'public' },
    },
    (request, reply) => {
      reply.header('cache-control', 'no-cache').header('etag', bundle.etag);
      if (request.headers['if-none-match'] === bundle.etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(bundle.json);
    },
  );
}
