import { bigint, text, timestamp } from 'drizzle-orm/pg-core';

/** Integer minor units (bigint read as a number: every amount stays a safe integer), 0 by default. */
export const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Timestamps are `timestamptz`, read as Date objects. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The venue's floor counter at the row's last write, set by a trigger (schema/floor.ts). */
export const floorSeqColumn = () => bigint('floor_seq', { mode: 'number' }).notNull().default(0);

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Postal address and contact, shared by the profile tables. */
export const contactColumns = () => ({
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  postalCode: text('postal_code'),
  city: text('city'),
  country: text('country'),
});
