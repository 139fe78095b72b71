import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '@shared/constants';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { requestLanguage } from '../../http/language';
import { languageOf } from './pdf';

/** Does Accept-Language name a language the app speaks? */
function asksForOne(request: FastifyRequest): boolean {
  const header = request.headers['accept-language'] ?? '';
  return header.split(',').some((part) => isLanguage(part.trim().split(';')[0]?.toLowerCase().split('-')[0]));
}

/**
 * The language a report is written in: the one the reader's app asks for (Accept-Language
 * follows the language chosen in the header), else the reader's own language, else the default.
 */
export async function readerLanguage(db: Db, request: FastifyRequest): Promise<Language> {
  if (asksForOne(request)) return requestLanguage(request);
  if (!request.user) return languageOf(null);
  const [reader] = await db.select({ language: users.language }).from(users).where(eq(users.id, request.user.id));
  return languageOf(reader?.language);
}
