import { z } from 'zod';
import { LANGUAGES, TRANSLATIONS_URL } from '@shared/constants';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { loadTranslations } from './translations.loader';

/** The best encoding of ours the client accepts (q=0 refuses one). */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/**
 * The client's translations, merged from src/locales at start-up (spec §7: this path, with the
 * build timestamp `t`). `lng` asks for one language only (what the app loads); without it every
 * language comes. Sent precompressed (brotli or gzip) when the client accepts it.
 */
export function translationRoutes(app: App, ctx: AppContext): void {
  const translations = loadTranslations(ctx.config.localesDir);
  // Each language compressed before the process is ready: at the best quality that takes a few
  // hundred milliseconds of zlib's threads per language, which on a first sign-in after a start
  // ran beside the floor tablet's first pull on the same two cores. (The bundle of every
  // language, for clients older than the per-language URL, is compressed on first use.)
  ctx.lifecycle.onWarmUp('translations', () =>
    Promise.all(
      Object.values(translations.byLanguage).flatMap((bundle) => [bundle.encoded('br'), bundle.encoded('gzip')]),
    ),
  );

  app.get(
    TRANSLATIONS_URL,
    {
      schema: {
        tags: ['translations'],
        summary: 'Translations: { <lang>: { <namespace>: {...} } } for ?lng= or for every language',
        querystring: z.object({ t: z.string().max(40).optional(), lng: z.enum(LANGUAGES).optional() }),
      },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      const { lng } = request.query;
      const bundle = lng ? translations.byLanguage[lng] : translations.all;
      reply.header('cache-control', 'no-cache').header('etag', bundle.etag).header('vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === bundle.etag) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(bundle.json);
      return reply.header('content-encoding', encoding).send(await bundle.encoded(encoding));
    },
  );
}
