import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';

/** The first supported language in Accept-Language (quality order), else the default. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'] ?? '';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1 };
    })
    .filter((entry) => isLanguage(entry.lang) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const best = ranked[0]?.lang;
  return isLanguage(best) ? best : DEFAULT_LANGUAGE;
}
