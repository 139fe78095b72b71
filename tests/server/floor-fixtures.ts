import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { FloorChanges } from '@shared/schemas/floor';
import type { Db } from '../../server/src/db/client';
import { grooms, horses, participationHorses, users, venueParticipations } from '../../server/src/db/schema';
import { seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';

/**
 * The ledger's show (ledger-fixtures.ts: venue 1 with the demo rider enrolled, venue 2 another
 * show) plus what the floor shows: a horse with head number 101 and a groom for the demo rider,
 * the employed rider at venue 2 with a horse, and a stable user of venue 2.
 */
export interface FloorFixtures extends LedgerFixtures {
  /** The demo rider's venue participation at venue 1. */
  participation: number;
  /** Their participation horse (head number 101). */
  horse: number;
  groom: number;
  /** The employed rider at venue 2 and their participation horse. */
  participation2: number;
  horse2: number;
}

export async function seedFloorFixtures(db: Db): Promise<FloorFixtures> {
  // The floor's show is narrower than the ledger's: the demo rider at venue 1 only, the employed
  // rider at venue 2 only (below).
  const ledger = await seedLedgerFixtures(db, { floor: true });
  const [participation] = await db
    .select({ id: venueParticipations.id })
    .from(venueParticipations)
    .where(and(eq(venueParticipations.venueId, 1), eq(venueParticipations.riderId, ledger.rider)));
  const [quidam, cassini] = await db
    .insert(horses)
    .values([
      { name: 'Quidam Blue', feiId: '105IG70' },
      { name: 'Cassini Rose', feiId: '106AB12' },
    ])
    .returning({ id: horses.id });
  const [horse] = await db
    .insert(participationHorses)
    .values({ venueParticipationId: participation!.id, venueId: 1, horseId: quidam!.id, headNumber: 101 })
    .returning({ id: participationHorses.id });
  const [groom] = await db
    .insert(grooms)
    .values({ riderId: ledger.rider, firstName: 'Gina', lastName: 'Groom' })
    .returning({ id: grooms.id });
  const [participation2] = await db
    .insert(venueParticipations)
    .values({
      venueId: ledger.venue2,
      riderId: ledger.employedRider,
      payerType: 'employer',
      payerId: ledger.employer,
    })
    .returning({ id: venueParticipations.id });
  const [horse2] = await db
    .insert(participationHorses)
    .values({ venueParticipationId: participation2!.id, venueId: ledger.venue2, horseId: cassini!.id, headNumber: 7 })
    .returning({ id: participationHorses.id });
  await db.insert(users).values({
    username: 'stable2',
    email: 'stable2@paddock.demo',
    emailConfirmed: true,
    roles: ['stable'],
    firstName: 'Sven',
    lastName: 'Stall',
    assignedVenueId: ledger.venue2,
    passwordHash: (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'stable')))[0]!
      .hash,
  });
  return {
    ...ledger,
    participation: participation!.id,
    horse: horse!.id,
    groom: groom!.id,
    participation2: participation2!.id,
    horse2: horse2!.id,
  };
}

interface Injector {
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/** GET the venue's floor changes since `cursor`. */
export async function pull(
  app: Injector,
  auth: Record<string, string>,
  venue: number,
  cursor = 0,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse & { changes: () => FloorChanges }> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/venue/${venue}/floor/changes/?cursor=${cursor}`,
    headers: { ...auth, ...headers },
  });
  return Object.assign(res, { changes: () => res.json<FloorChanges>() });
}

/** A floor write with an Idempotency-Key (a fresh UUID unless given). */
export function write(
  app: Injector,
  auth: Record<string, string>,
  path: string,
  body: Record<string, unknown>,
  key: string = randomUUID(),
  method: 'POST' | 'PATCH' = 'POST',
) {
  return app.inject({ method, url: `/api/v1/${path}`, headers: { ...auth, 'idempotency-key': key }, payload: body });
}

/**
 * The stable charges the fixture rider a box once per time in `times` (each a Date, at venue 1),
 * each write answered 201.
 */
export async function chargeRiderAt(
  app: Injector,
  auth: Record<string, string>,
  f: Pick<FloorFixtures, 'rider' | 'box'>,
  times: Date[],
): Promise<void> {
  for (const at of times) {
    const res = await write(app, auth, 'transaction/', {
      ...{ venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box },
      ...{ source: 'stable', occurred_at: at.toISOString() },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}
