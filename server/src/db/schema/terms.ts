import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Published versions of the terms and conditions; the newest published one is current. */
export const termsAndConditions = pgTable('terms_and_conditions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  version: text('version').notNull().unique(),
  publishedAt: timestamptz('published_at').notNull(),
  /** The text (HTML from the rich-text editor). */
  body: text('body').notNull().default(''),
});
