import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import { riders, venueParticipations, venues } from '../../server/src/db/schema';
import type { JobRun } from '../../src/shared/schemas/jobs';
import { newKey, postEntry, seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';

interface Injector {
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface InvoiceFixtures extends LedgerFixtures {
  /** The demo rider's participation at venue 1. */
  participation: number;
  /** The employed rider's participation (payer: the employer). */
  employedParticipation: number;
}

/** The ledger fixtures, the venue as an invoice issuer, and the employed rider enrolled. */
export async function seedInvoiceFixtures(db: Db): Promise<InvoiceFixtures> {
  const f = await seedLedgerFixtures(db);
  await db
    .update(venues)
    .set({
      legalName: 'Paddock Classic d.o.o.',
      address: 'Lipica 5',
      postalCode: '6210',
      city: 'Sežana',
      country: 'SI',
      vatId: 'SI12345678',
      invoiceEmail: 'office@paddock.demo',
      contactName: 'Show office',
      contactPhone: '+386 5 123 4567',
      contactEmail: 'office@paddock.demo',
    })
    .where(eq(venues.id, 1));
  await db.execute(sql`INSERT INTO venue_bank_accounts (venue_id, holder_name, iban, bic, currency, is_default)
    VALUES (1, 'Paddock Classic d.o.o.', 'SI56191000000123438', 'BAKOSI2X', 'EUR', true)`);
  // The ledger fixtures enrol the employed rider at venue 1, paid for by the employer.
  const [employed] = await db
    .select({ id: venueParticipations.id })
    .from(venueParticipations)
    .where(and(eq(venueParticipations.venueId, 1), eq(venueParticipations.riderId, f.employedRider)));
  const [own] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM venue_participations WHERE venue_id = 1 AND rider_id = ${f.rider}`),
  );
  return { ...f, participation: own!.id, employedParticipation: employed!.id };
}

export const setTaxOverride = (db: Db, rider: number, override: 'NO_OVERRIDE' | 'FORCE' | 'SKIP') =>
  db.update(riders).set({ taxOverride: override }).where(eq(riders.id, rider));

/** A charge at venue 1, posted by the organizer; the body overrides the defaults. */
export async function charge(app: Injector, auth: Record<string, string>, body: Record<string, unknown>) {
  const res = await postEntry(app, auth, { venue: 1, kind: 'charge', ...body }, newKey());
  if (res.statusCode !== 201) throw new Error(`charge failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; gross: number; net: number; tax: number }>();
}

/** Polls a run until it is no longer queued or running. */
export async function waitForRun(
  app: Injector,
  auth: Record<string, string>,
  id: number,
  timeoutMs = 60_000,
): Promise<JobRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/jobs/${id}/`, headers: auth });
    if (res.statusCode !== 200) throw new Error(`run ${id}: ${res.statusCode} ${res.body}`);
    const run = res.json<JobRun>();
    if (run.status !== 'queued' && run.status !== 'running') return run;
    if (Date.now() > until) throw new Error(`run ${id} still ${run.status}: ${run.done}/${run.total}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Numbers of the venue's invoices and credit notes, in order, and entries' invoices. */
export async function invoiceNumbers(db: Db, venueId = 1): Promise<number[]> {
  return rowsOf<{ n: number }>(
    await db.execute(sql`SELECT number AS n FROM invoices WHERE venue_id = ${venueId} ORDER BY number`),
  ).map((r) => Number(r.n));
}
